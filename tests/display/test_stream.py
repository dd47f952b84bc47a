"""The stream's ids and resume points: ids increase within a run, a page of this run resumes
right after its last event, and any other id (an earlier run, a malformed one, or one the
window no longer holds) starts again from a snapshot."""

import json

from firmware.display.stream import EventStream


def filled(count: int, window: int = 256) -> EventStream:
    stream = EventStream(window=window, boot="b00t")
    for n in range(count):
        stream.add("StateEntered", {"state": f"s{n}"}, {"n": n})
    return stream


def test_ids_increase_and_carry_the_run():
    stream = filled(3)
    assert [event.id for event in stream.after(0)] == ["b00t-1", "b00t-2", "b00t-3"]
    assert json.loads(stream.after(2)[0].data) == {
        "id": "b00t-3", "kind": "StateEntered", "boot": "b00t", "note": {"state": "s2"},
        "view": {"n": 2}}


def test_a_page_of_this_run_resumes_after_its_last_event():
    stream = filled(5)
    assert stream.resume_point("b00t-2") == 2
    assert [event.id for event in stream.after(2)] == ["b00t-3", "b00t-4", "b00t-5"]
    assert stream.resume_point("b00t-5") == 5


def test_other_ids_start_from_a_snapshot():
    stream = filled(10, window=4)
    for stale in (None, "", "other-3", "b00t-x", "b00t-", "b00t-99", "b00t-2"):
        assert stream.resume_point(stale) is None, stale
    assert stream.resume_point("b00t-6") == 6  # events 7..10 are all still held
    seq, event_id, data = stream.snapshot()
    assert (seq, event_id, json.loads(data)["view"]) == (10, "b00t-10", {"n": 9})


def test_listeners_hear_each_new_event_until_they_stop():
    stream, heard = filled(0), []
    stop = stream.listen(lambda: heard.append(stream.last_id))
    stream.add("FaultRaised", None, {})
    stop()
    stream.add("FaultCleared", None, {})
    assert heard == ["b00t-1"] and stream.listeners == 0
