"""Play scenarios (../shared/spec/play-scenarios.md) through the referee: one scenario in,
the runner's line out (``{"id", "flags", "wins", "end", "ready", "flower_pigs"}``).

The events go to the same ``Referee`` the table runs, as kind-level inventories. A scenario
that cannot be read gets a line with ``error`` naming what is wrong and where.
"""

from firmware import rulesets
from firmware.referee.kinds import KindError, parse_counts
from firmware.referee.referee import Referee
from firmware.referee.start import HandStart, StartError


class ScenarioError(ValueError):
    """A scenario the referee cannot follow; the message names the key or the event."""


def run(scenario) -> dict:
    """The runner's line for one scenario object; bad input becomes a line with ``error``."""
    ident = scenario.get("id") if isinstance(scenario, dict) else None
    try:
        referee = _referee(scenario)
        _feed(referee, scenario.get("events"))
        result = referee.finish(discards=False)
    except (ScenarioError, StartError) as error:
        return failed(ident, str(error))
    except Exception as error:  # noqa: BLE001 - a line, not a traceback, and the run goes on
        return failed(ident, f"the referee could not conclude this hand ({type(error).__name__}: {error})")
    return {"id": ident, "flags": result["flags"], "wins": result["wins"], "end": result["end"],
            "ready": result["ready"], "flower_pigs": result["flower_pigs"]}


def failed(ident, message: str) -> dict:
    return {"id": ident, "error": message, "flags": [], "wins": [], "end": None, "ready": None,
            "flower_pigs": None}


def _referee(scenario) -> Referee:
    if not isinstance(scenario, dict):
        raise ScenarioError(f"a scenario must be a JSON object, got {type(scenario).__name__}")
    try:
        rule_set = rulesets.get(scenario.get("rules"))
    except (ValueError, TypeError):
        raise ScenarioError(f"rules must be one of {', '.join(rulesets.scorable())}, "
                            f"got {scenario.get('rules')!r}") from None
    profile = scenario.get("profile")
    if profile is not None and profile not in rule_set.profiles:
        raise ScenarioError(f"profile {profile!r} is not one of {rule_set.name}'s: {', '.join(rule_set.profiles)}")
    try:
        return Referee(rule_set, HandStart.from_scenario(scenario.get("start")), profile)
    except ValueError as error:
        raise ScenarioError(str(error)) from None


def _feed(referee: Referee, events) -> None:
    if not isinstance(events, list):
        raise ScenarioError(f"events must be a list, got {events!r}")
    for index, event in enumerate(events):
        try:
            _one(referee, event)
        except (KindError, ScenarioError, ValueError) as error:
            raise ScenarioError(f"event {index}: {error}") from None
        except Exception as error:  # noqa: BLE001 - named with its event, the run goes on
            raise ScenarioError(f"event {index}: the referee could not follow it "
                                f"({type(error).__name__}: {error})") from None


def _one(referee: Referee, event) -> None:
    if not isinstance(event, dict):
        raise ScenarioError(f"an event must be an object, got {event!r}")
    t = event.get("t")
    if t is not None and (isinstance(t, bool) or not isinstance(t, (int, float))):
        raise ScenarioError(f"t must be a number of seconds, got {t!r}")
    if "zone" in event:
        referee.report(event["zone"], parse_counts(event.get("tiles")), t)
    elif "button" in event:
        seat, button = event.get("seat"), event["button"]
        if type(seat) is not int or not isinstance(button, str):
            raise ScenarioError(f"a button event needs a seat 0-3 and a button name, got {event!r}")
        referee.button(seat, button, t, event.get("suit"))
    else:
        raise ScenarioError("an event is a zone report (zone, tiles) or a button press (button, seat)")
