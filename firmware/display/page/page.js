// The table's page: follows the table's stream (server-sent events, resumed from the last
// event seen) and draws the view it carries; actions go back with the operator's PIN.
"use strict";

const state = { texts: null, lang: "zh", view: null, lastId: null, boot: null, source: null,
                pending: null };
window.mjLog = [];            // the latest events drawn: [{id, kind, note, at}] (tests, benchmark)

const $ = (id) => document.getElementById(id);
const esc = (s) => String(s ?? "").replace(/[&<>"']/g,
  (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
const t = (key) => (state.texts.ui[key] || { zh: key, en: key })[state.lang];
const say = (pair) => (pair == null ? "" : typeof pair === "string" ? pair : pair[state.lang]);
const signed = (n) => (n == null ? "" : n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0");
const tiles = (codes, cls = "") => `<span class="tiles ${cls}">${(codes || []).map(
  (c) => `<img class="tile" src="/tiles/${esc(c)}.svg" alt="${esc(c)}">`).join("")}</span>`;

async function start() {
  state.texts = await (await fetch("/api/texts")).json();
  state.lang = localStorage.getItem("mjtable.lang") || state.texts.language;
  $("language").addEventListener("click", () => {
    state.lang = state.lang === "zh" ? "en" : "zh";
    localStorage.setItem("mjtable.lang", state.lang);
    drawAll();
  });
  window.addEventListener("hashchange", showView);
  $("pin-form").addEventListener("submit", sendAction);
  showView();
  connect();
}

function connect() {
  const query = state.lastId ? `?last=${encodeURIComponent(state.lastId)}` : "";
  const source = new EventSource(`/events${query}`);
  state.source = source;
  source.onopen = () => setLink("live");
  source.onerror = () => {
    setLink("offline");
    if (source.readyState === EventSource.CLOSED) setTimeout(connect, 2000);
  };
  for (const kind of ["snapshot", "note"]) source.addEventListener(kind, receive);
}

function receive(message) {
  const event = JSON.parse(message.data);
  if (state.boot && event.boot !== state.boot) document.body.dataset.restarts =
    String(Number(document.body.dataset.restarts || 0) + 1);
  state.lastId = event.id;
  state.boot = event.boot;
  state.view = event.view;
  document.body.dataset.eventId = event.id;
  document.body.dataset.boot = event.boot;
  drawAll();
  window.mjLog.push({ id: event.id, kind: event.kind, note: event.note, at: Date.now() });
  if (window.mjLog.length > 500) window.mjLog.shift();
}

function setLink(link) {
  document.body.dataset.link = link;
  $("link").textContent = t(link);
}

function showView() {
  const name = (location.hash || "#table").slice(1);
  document.body.dataset.view = name;
  document.querySelectorAll("#tabs a").forEach(
    (a) => a.classList.toggle("current", a.getAttribute("href") === `#${name}`));
}

function drawAll() {
  document.documentElement.lang = state.lang;
  document.querySelectorAll("[data-t]").forEach((el) => { el.textContent = t(el.dataset.t); });
  setLink(document.body.dataset.link);
  if (!state.view || !state.view.table) return;
  drawTable(state.view.table);
  drawBanners(state.view);
  drawNotices(state.view.notices);
  drawHand(state.view.last_hand);
  drawFaults(state.view.faults);
  drawFlags(state.view.flags);
  drawGame(state.view.game);
  drawOperator();
}

function drawTable(table) {
  $("rules").textContent = table.rules.title;
  $("state").textContent = say(table.label);
  $("state").dataset.phase = table.phase;
  const progress = $("progress");
  progress.hidden = !table.progress;
  if (table.progress) {
    const p = table.progress;
    progress.querySelector(".fill").style.width = `${(100 * p.tiles_seen) / p.tiles}%`;
    progress.querySelector(".count").textContent = `${p.tiles_seen} / ${p.tiles} ${t("tiles_seen")}`;
  }
  const checks = table.tile_checks;
  const facts = [["hand", table.hand], ["cycle", table.cycle],
    ["sets_verified", checks ? `${checks.sets_verified}${checks.failures ? ` (${checks.failures} ✗)` : ""}` : null],
    ["dealer", table.dealer == null ? null : say(table.seats[table.dealer].place)],
    ["round", table.round && say(table.round)], ["honba", table.honba], ["sticks", table.sticks]];
  if (table.next_rules.name !== table.rules.name) facts.push(["next_rules", table.next_rules.title]);
  $("facts").innerHTML = facts.filter(([, v]) => v != null).map(
    ([k, v]) => `<div><dt>${esc(t(k))}</dt><dd data-fact="${k}">${esc(v)}</dd></div>`).join("");
  $("seats").innerHTML = table.seats.map((seat) => `
    <div class="seat${seat.dealer ? " dealer" : ""}" data-seat="${seat.seat}">
      <div class="wind">${esc(say(seat.wind || seat.place))}</div>
      ${seat.wind ? `<div class="place">${esc(say(seat.place))}</div>` : ""}
      <div class="score" data-score="${seat.seat}">${seat.score == null ? "—" : esc(seat.score)}</div>
      ${seat.behind ? `<div class="behind">${esc(t("behind"))} ${esc(signed(seat.behind))}</div>` : ""}
      ${seat.last != null ? `<div class="last ${seat.last >= 0 ? "up" : "down"}">${esc(t("last"))} ${esc(signed(seat.last))}</div>` : ""}
      ${table.seat_counts && table.seat_counts[seat.seat] ? `<div class="quiet">${esc(table.seat_counts[seat.seat])} ${esc(t("tiles_held"))}</div>` : ""}
    </div>`).join("");
  $("no-scores").textContent = table.seats[0].score != null ? "" :
    t(state.view.game === null ? "no_game" : "no_game_yet");
}

function drawBanners(view) {
  const active = view.faults.active;
  const fault = $("fault-banner");
  fault.hidden = !active;
  if (active) {
    fault.innerHTML = `<b class="code">${esc(active.code)}</b> ${esc(say(active.message))}
      <span class="todo">${esc(say(active.action))}</span>`;
  }
  const open = view.flags.items.filter((f) => f.status === "open").length;
  const flag = $("flag-banner");
  flag.hidden = !open;
  flag.innerHTML = open ? `<a href="#flags">${esc(t("view_flags"))}: ${open}</a>` : "";
}

function drawNotices(notices) {
  $("notices").innerHTML = (notices || []).map((n) => `<div class="notice"><b>${esc(n.code)}</b>
    ${n.seat == null ? "" : esc(say(state.view.table.seats[n.seat].place))} ${esc(n.message)}</div>`).join("");
}

function scoreLines(win) {
  const rows = win.lines.map((line) => `<tr><td>${esc(say(line.name))}${line.count > 1 ? ` ×${line.count}` : ""}</td>
    <td class="num">${esc(line.value)} ${esc(t(line.unit))}</td></tr>`).join("");
  const total = win.total ? `<tr class="total"><td>${esc(t("total"))}</td>
    <td class="num">${esc(win.total.value)} ${esc(t(win.total.unit))}</td></tr>` : "";
  const fu = win.fu ? `<tr><td>${esc(t("fu"))}</td><td class="num">${esc(win.fu)}</td></tr>` : "";
  return `<table class="lines">${rows}${fu}${total}</table>`;
}

function drawHand(hand) {
  if (!hand) { $("hand").innerHTML = `<p class="quiet">${esc(t("no_hand"))}</p>`; return; }
  const seats = state.view.table.seats;
  const wins = hand.wins.map((win) => `<article class="win" data-seat="${win.seat}">
    <h3>${esc(t("winner"))}: ${esc(say(win.place))} · ${esc(say(win.win_by))}
      ${win.from == null ? "" : `· ${esc(t("from"))} ${esc(say(seats[win.from].place))}`}</h3>
    ${win.tiles ? `<div class="hand-tiles">${tiles(win.tiles.concealed)}
      ${win.tiles.melds.map((m) => tiles(m, "meld")).join("")}${tiles(win.tiles.win_tile, "win-tile")}</div>` : ""}
    ${win.message ? `<p class="quiet">${esc(win.message)}</p>` : ""}
    ${scoreLines(win)}</article>`).join("");
  const ready = (hand.ready || []).map((s) => say(seats[s].place)).join(", ");
  const end = hand.wins.length ? "" : `<p class="draw">${esc(t(hand.end === "cut" ? "cut" : "draw"))}
    ${ready ? `· ${esc(t("ready"))}: ${esc(ready)}` : ""}</p>`;
  const pay = hand.payments ? `<table class="payments"><caption>${esc(t("payments"))}</caption><tr>
    ${hand.payments.map((d, s) => `<td><div>${esc(say(seats[s].place))}</div>
      <div class="num ${d >= 0 ? "up" : "down"}">${esc(signed(d))}</div></td>`).join("")}</tr></table>` : "";
  $("hand").innerHTML = `<h2>${esc(t("hand"))} ${esc(hand.hand)}</h2>${end}${wins}${pay}`;
}

function drawFaults(faults) {
  const active = faults.active;
  const now = active ? `<article class="fault-now" data-code="${esc(active.code)}">
      <div class="code">${esc(active.code)}</div>
      <div class="message">${esc(say(active.message))}</div>
      <h3>${esc(t("what_to_do"))}</h3><div class="action">${esc(say(active.action))}</div>
      ${active.detail ? `<div class="detail">${esc(t("detail"))}: ${esc(active.detail)}</div>` : ""}
      <button type="button" class="act" data-action="reset_fault">${esc(t("reset_fault"))}</button>
    </article>` : `<p class="quiet">${esc(t("no_fault"))}</p>`;
  const history = faults.history.length ? `<h3>${esc(t("fault_history"))}</h3><table class="history">
    ${faults.history.map((f) => `<tr><td class="code">${esc(f.code)}</td><td>${esc(say(f.message))}</td>
      <td class="quiet">${esc(f.detail)}</td></tr>`).join("")}</table>` : "";
  $("faults").innerHTML = now + history;
  bindActions($("faults"));
}

function drawFlags(flags) {
  if (!flags.referee && !flags.items.length) {
    $("flags").innerHTML = `<p class="quiet">${esc(t("no_referee"))}</p>`; return;
  }
  if (!flags.items.length) { $("flags").innerHTML = `<p class="quiet">${esc(t("no_flags"))}</p>`; return; }
  $("flags").innerHTML = flags.items.map((f) => `<article class="flag ${f.status}" data-flag="${esc(f.id)}">
    <h3>${esc(say(f.place))} · ${esc(say(f.label))} <span class="status">${esc(t(f.status))}</span></h3>
    ${f.rule ? `<div><b>${esc(t("rule"))}</b> ${esc(f.rule)}</div>` : ""}
    ${f.penalty ? `<div><b>${esc(t("penalty"))}</b> ${esc(say(f.penalty.name))}
      <span class="quiet">${esc(f.penalty.terms.join(" · "))}</span></div>` : ""}
    <div class="evidence"><b>${esc(t("evidence"))}</b>${f.evidence.map((item) => `<div class="item">
      ${item.label ? `<span class="quiet">${esc(item.label)}</span>` : ""}
      ${item.tiles ? tiles(item.tiles) : esc(item.text)}</div>`).join("")}</div>
    ${f.status === "open" ? `<div class="buttons">
      <button type="button" class="act" data-action="confirm_flag" data-flag_id="${esc(f.id)}">${esc(t("confirm"))}</button>
      <button type="button" class="act" data-action="dismiss_flag" data-flag_id="${esc(f.id)}">${esc(t("dismiss"))}</button>
    </div>` : `<div class="quiet">${esc(f.judge)}: ${esc(f.why)}</div>`}
  </article>`).join("");
  bindActions($("flags"));
}

function drawGame(game) {
  if (!game) { $("game").innerHTML = `<p class="quiet">${esc(t("no_game"))}</p>`; return; }
  const seats = state.view.table.seats;
  const final = game.final ? `<h2>${esc(t("ended"))}</h2><table class="final"><tr>${game.final.map(
    (s, i) => `<td><div>${esc(say(seats[i].place))}</div><div class="num">${esc(s)}</div></td>`).join("")}</tr></table>` : "";
  const standings = game.standings.length ? `<h3>${esc(t("standings"))}</h3>
    <table class="standings">${standingRows(game.standings)}</table>` : "";
  const hands = `<h3>${esc(t("hands"))} (${esc(game.hands_total)})</h3><table class="hands">${game.hands.map(
    (h) => `<tr><td>${esc(h.hand)}</td><td>${h.winners.length ? h.winners.map(
      (w, i) => `${esc(say(seats[w].place))} ${h.totals[i] ? esc(h.totals[i].value) + " " + esc(t(h.totals[i].unit)) : ""}`).join(", ")
      : esc(t("draw"))}</td>${(h.gains || []).map((g) => `<td class="num ${g >= 0 ? "up" : "down"}">${esc(signed(g))}</td>`).join("")}</tr>`).join("")}</table>`;
  $("game").innerHTML = final + standings + hands;
}

function standingRows(standings) {
  const extra = standings[0].columns.map(([key]) => key);
  return `<tr><th>${esc(t("rank"))}</th><th>${esc(t("seat"))}</th><th>${esc(t("player"))}</th>
    <th>${esc(t("score"))}</th>${extra.map((key) => `<th>${esc(t(key))}</th>`).join("")}</tr>` +
    standings.map((row) => `<tr><td>${esc(row.rank)}</td><td>${esc(say(row.place))}</td>
      <td>${esc(row.player || "")}</td><td class="num">${esc(row.score)}</td>
      ${row.columns.map(([, value]) => `<td class="num">${esc(value)}</td>`).join("")}</tr>`).join("");
}

function drawOperator() {
  const form = $("operator");
  if (form.dataset.drawn === state.lang) return;
  form.dataset.drawn = state.lang;
  const rules = state.texts.rules.map((r) => `<option value="${esc(r.name)}">${esc(r.title)}</option>`).join("");
  form.innerHTML = `
    <fieldset><button type="button" class="act" data-action="reset_fault">${esc(t("reset_fault"))}</button></fieldset>
    <fieldset><label>${esc(t("hand"))} <input name="hand" type="number" min="1"></label>
      <button type="button" class="act" data-action="confirm_result" data-fields="hand">${esc(t("confirm_result"))}</button>
      <label><input name="void" type="checkbox"> ${esc(t("void"))}</label>
      <label class="wide">${esc(t("corrected"))} <textarea name="result" rows="2"></textarea></label>
      <button type="button" class="act" data-action="correct_score" data-fields="hand void result">${esc(t("correct_score"))}</button></fieldset>
    <fieldset><label>${esc(t("rules"))} <select name="rules">${rules}</select></label>
      <button type="button" class="act" data-action="change_rules" data-fields="rules">${esc(t("change_rules"))}</button>
      <button type="button" class="act" data-action="new_game" data-fields="rules">${esc(t("new_game"))}</button></fieldset>`;
  bindActions(form);
}

function fieldValue(input) {
  if (input.type === "checkbox") return input.checked || null;
  if (input.type === "number") return input.value === "" ? null : Number(input.value);
  if (input.name === "result") {
    if (!input.value.trim()) return null;
    try { return JSON.parse(input.value); } catch (error) { return input.value; }
  }
  return input.value;
}

function bindActions(root) {
  root.querySelectorAll("button.act").forEach((button) => button.addEventListener("click", () => {
    const args = {};
    for (const name of (button.dataset.fields || "").split(" ").filter(Boolean)) {
      const value = fieldValue($("operator").elements[name]);
      if (value !== null) args[name] = value;
    }
    if (button.dataset.flag_id) args.flag_id = button.dataset.flag_id;
    askPin(button.dataset.action, args, button.textContent);
  }));
}

function askPin(action, args, title) {
  state.pending = { action, args };
  $("pin-title").textContent = title;
  $("pin-answer").textContent = "";
  $("pin-form").elements.pin.value = "";
  $("pin-dialog").showModal();
}

async function sendAction(event) {
  if (event.submitter && event.submitter.value === "cancel") return;
  event.preventDefault();
  const form = $("pin-form");
  const body = { ...state.pending.args, who: form.elements.who.value, why: form.elements.why.value,
                 pin: form.elements.pin.value };
  form.elements.pin.value = "";
  const answer = $("pin-answer");
  answer.textContent = "…";
  try {
    const response = await fetch(`/api/actions/${state.pending.action}`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const reply = await response.json();
    answer.textContent = say(reply.message);
    answer.dataset.ok = String(reply.ok);
    if (reply.ok) setTimeout(() => $("pin-dialog").close(), 1200);
  } catch (error) {
    answer.dataset.ok = "false";
    answer.textContent = t("offline");
  }
}

start();
