// A table: one or more seats on this screen (tokens in the URL's fragment), their states pushed by the
// server as server-sent events. Between two human seats on one screen, a hand-over screen.
import { api, board, el, folding, followEnd, header, logList, result } from "/static/board.js";

const matchId = decodeURIComponent(location.pathname.split("/").pop());
const tokens = location.hash.slice(1).split(",").map((t) => t.trim()).filter(Boolean);
const $ = (id) => document.getElementById(id);

const states = {}; // key (seat number or "public") -> latest state, with its whole log
let meta = null;
let revealed = null; // the seat whose private view was last shown on this screen
let sending = null; // the version of the position an answer is on its way for

function localSeats() {
  return Object.keys(states).filter((k) => k !== "public").map(Number);
}

function merge(key, st) {
  const old = states[key];
  const log = old && st.log_from > 0 ? old.log.slice(0, st.log_from).concat(st.log) : st.log;
  if (st.meta) meta = st.meta;
  states[key] = { ...st, log };
}

function setMode(mode, st) {
  document.body.dataset.mode = mode;
  document.body.dataset.version = st ? st.version : "";
  document.body.dataset.viewer = st && st.viewer ? st.viewer : "public";
}

function refusal(text) {
  const box = $("refusal");
  box.hidden = !text;
  box.replaceChildren();
  if (text) {
    box.appendChild(el("b", null, "Refused. "));
    box.appendChild(document.createTextNode(text));
  }
}

async function choose(index) {
  const st = states[document.body.dataset.viewer];
  const at = st ? st.version : null;
  if (sending === at) return; // one answer per position (a double click is not two answers)
  sending = at;
  for (const b of document.querySelectorAll("#decision button")) b.disabled = true;
  try {
    await api(`/api/matches/${encodeURIComponent(matchId)}/choose`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Meeple-Token": tokens.join(",") },
      body: JSON.stringify({ option: index, version: st ? st.version : undefined }),
    });
    refusal(null);
  } catch (e) {
    refusal(e.message);
    for (const b of document.querySelectorAll("#decision button")) b.disabled = false;
  } finally {
    if (sending === at) sending = null;
  }
}
// for the curious (and the tests): the page's own way to answer, and everything the server sent it
window.meeple = { choose, states, meta: () => meta };

function decisionPanel(st) {
  const box = $("decision");
  box.replaceChildren();
  if (st.error) {
    box.appendChild(el("h3", null, "The match has stopped"));
    box.appendChild(el("p", "error", st.error));
    return;
  }
  if (st.over && st.result) {
    box.appendChild(result(st.result));
    const row = el("div", "buttons");
    const rep = el("button", null, "Step through this match");
    rep.id = "open-replay";
    rep.addEventListener("click", async () => {
      try {
        const r = await api(`/api/matches/${encodeURIComponent(matchId)}/replay`, {
          method: "POST", headers: { "X-Meeple-Token": tokens.join(",") } });
        location.href = r.url;
      } catch (e) { refusal(e.message); }
    });
    row.appendChild(rep);
    const dl = el("button", null, "Download the log");
    dl.addEventListener("click", async () => {
      const res = await fetch(`/api/matches/${encodeURIComponent(matchId)}/log`, { headers: { "X-Meeple-Token": tokens.join(",") } });
      if (!res.ok) { refusal((await res.json()).error); return; }
      const url = URL.createObjectURL(await res.blob());
      const a = el("a");
      a.href = url;
      a.download = `${meta.game.id}-${matchId}.jsonl`;
      a.click();
      URL.revokeObjectURL(url);
    });
    row.appendChild(dl);
    const again = el("a", "button", "New match");
    again.href = "/";
    row.appendChild(again);
    box.appendChild(row);
    return;
  }
  const d = st.deciding;
  const pending = st.view.pending;
  if (pending && pending.options && d && d.seat === st.viewer) {
    box.appendChild(el("h3", "prompt", pending.prompt));
    const opts = el("div", "options");
    opts.id = "options";
    pending.options.forEach((label, i) => {
      const b = el("button", "option", label);
      b.dataset.index = i;
      b.addEventListener("click", () => choose(i));
      opts.appendChild(b);
    });
    box.appendChild(opts);
  } else if (d) {
    box.appendChild(el("h3", "waiting", d.bot ? `${d.name} (a bot) is deciding…` : `Waiting for ${d.name}…`));
    box.appendChild(el("p", "muted prompt-other", d.prompt));
  }
}

function pickable(st) {
  const p = st.view.pending;
  const map = new Map();
  if (!p || !p.options || !st.deciding || st.deciding.seat !== st.viewer) return map;
  const seen = new Set();
  p.options.forEach((label, i) => {
    if (seen.has(label)) map.delete(label);
    else map.set(label, i);
    seen.add(label);
  });
  return map;
}

function show(key, mode) {
  const st = states[key];
  if (!st || !meta) return;
  const names = Object.fromEntries(st.seats.map((s) => [s.seat, s.name]));
  const who = st.deciding ? (st.deciding.seat === st.viewer ? "your decision" : `${st.deciding.name} decides`) : st.over ? "finished" : "";
  $("status").replaceChildren(header(st.view, meta, who));
  const local = localSeats();
  $("identity").textContent = local.length === 0 ? "watching" :
    local.length === 1 ? `you are ${names[local[0]]} (seat ${local[0]})` :
    `on this screen: ${local.map((s) => names[s]).join(", ")}` + (st.viewer ? ` (now showing ${names[st.viewer]})` : "");
  $("board").replaceChildren(board(st.view, meta, { pickable: pickable(st), onPick: choose, ...folding(render) }));
  decisionPanel(st);
  logList(st.log, $("log"), String(key));
  setMode(mode, st);
  document.title = `${meta.game.name}: ${st.over ? "finished" : "round " + st.view.round}`;
}

function render() {
  const local = localSeats();
  const any = states[local[0]] || states.public;
  if (!any) return;
  const d = any.deciding;
  const over = any.over || any.error;
  let target;
  if (d && local.includes(d.seat)) target = d.seat;
  else target = local.length === 1 ? local[0] : "public";
  if (over) target = local.length === 1 ? local[0] : "public";
  const hand = $("handover");
  if (typeof target === "number" && local.length > 1 && revealed !== target) {
    // hand-over: draw only what everybody may see until the next player says it is them
    const name = states[target].seats.find((s) => s.seat === target).name;
    $("handover-title").textContent = `Pass the screen to ${name}`;
    $("handover-ok").textContent = `I am ${name}: show my cards`;
    $("handover-ok").onclick = () => { revealed = target; hand.hidden = true; render(); };
    hand.hidden = false;
    show("public", "handover");
    return;
  }
  hand.hidden = true;
  const mode = over ? (any.error ? "error" : "over") : target === (d && d.seat) ? "choose" : "wait";
  show(String(target), mode);
}

function fatal(text) {
  $("board").replaceChildren(el("div", "panel refusal", text));
  $("decision").replaceChildren(el("a", "button", "Back to the lobby"));
  $("decision").firstChild.href = "/";
  setMode("refused", null);
}

followEnd($("log"));

async function start() {
  if (!tokens.length) {
    fatal("This page needs a seat's link (with its secret token after the #). Ask whoever started the match.");
    return;
  }
  try {
    // a plain request first: a wrong token gets its reason here (an event stream cannot show it)
    await api(`/api/matches/${encodeURIComponent(matchId)}/state`, { headers: { "X-Meeple-Token": tokens.join(",") } });
  } catch (e) {
    fatal(`${e.message}`);
    return;
  }
  const es = new EventSource(`/api/matches/${encodeURIComponent(matchId)}/events?token=${encodeURIComponent(tokens.join(","))}`);
  es.addEventListener("state", (ev) => {
    const msg = JSON.parse(ev.data);
    for (const [k, st] of Object.entries(msg.states)) merge(k, st);
    render();
  });
  es.onerror = () => {
    if (document.body.dataset.mode !== "over") $("identity").textContent = "reconnecting…";
  };
}

start();
