// A table: one or more seats on this screen. The seat tokens come in the link's fragment (never sent to
// the server); the page keeps them in this tab's session storage and takes them out of the address bar.
// One viewer's state at a time is pushed by the server as server-sent events, the stream opened with a
// short-lived ticket (a token never goes in a URL). With two or more seats on this screen (hot-seat),
// the page holds the public view, and a seat's own view only while that seat is in front of the screen:
// fetched after the hand-over, dropped at the next one.
import { api, board, card, cardAbout, el, folding, followEnd, header, leftAtEnd, logList, result, rules } from "/static/board.js";

const matchId = decodeURIComponent(location.pathname.split("/").pop());
const $ = (id) => document.getElementById(id);
const tokens = takeTokens();

const states = {}; // key (a seat number, or "public") -> latest state, with its whole log: one key at a time
let meta = null;
let held = []; // the seats this screen holds
let following = null; // the key whose stream is open
let stream = null;
let revealed = null; // the seat whose private view was last shown on this screen
let sending = null; // the version of the position an answer is on its way for
const lastSeen = {}; // seat -> what was on the table at its last decision: public cards' places, counters, log size

// What a seat saw when it last decided: where each card it saw lay, every counter, the account's length.
// On a shared screen, public zones only: it is kept across hand-overs.
function glance(st) {
  const cards = {};
  const counts = {};
  const shared = held.length > 1;
  const zoneOf = (key, z) => {
    if ((shared && z.visibility !== "public") || !z.cards) return;
    for (const c of z.cards) cards[c.uid] = key;
  };
  for (const [n, z] of Object.entries(st.view.zones)) zoneOf(`table:${n}`, z);
  for (const [k, v] of Object.entries(st.view.counters || {})) counts[`table:${k}`] = v;
  for (const p of st.view.players) {
    for (const [n, z] of Object.entries(p.zones)) zoneOf(`${p.seat}:${n}`, z);
    for (const [k, v] of Object.entries(p.counters || {})) counts[`${p.seat}:${k}`] = v;
  }
  // a private scoreboard entry is its seat's own: not kept
  const scores = st.scores && st.scores.players ? { players: {} } : null;
  if (scores) {
    for (const [seat, row] of Object.entries(st.scores.players)) {
      scores.players[seat] = row.map((v, i) => (meta.scoreboard[i] && meta.scoreboard[i].private ? null : v));
    }
  }
  return { cards, counts, log: st.log.length, scores };
}

// Marks what moved since this seat's last decision: cards now somewhere else (or new in view), counters and
// scores that changed, and the account's lines since.
function markChanges(st) {
  const was = st.viewer ? lastSeen[st.viewer] : null;
  let n = 0;
  if (was) {
    for (const e of document.querySelectorAll("#board .card[data-uid]")) {
      const zoneBox = e.closest("[data-zone]");
      if (!zoneBox || (held.length > 1 && !zoneBox.classList.contains("vis-public"))) continue;
      const owner = e.closest(".player");
      const key = `${owner ? owner.dataset.seat : "table"}:${zoneBox.dataset.zone}`;
      if (was.cards[e.dataset.uid] !== key) { e.classList.add("changed"); n++; }
    }
    for (const e of document.querySelectorAll("#board .counter[data-counter]")) {
      const owner = e.closest(".player");
      const key = `${owner ? owner.dataset.seat : "table"}:${e.dataset.counter}`;
      const now = Number(e.querySelector(".counter-value").textContent);
      if (key in was.counts && was.counts[key] !== now) {
        e.classList.add("changed");
        e.dataset.was = String(was.counts[key]);
        e.title = `${e.title ? e.title + "\n" : ""}was ${was.counts[key]} at your last decision`;
        n++;
      }
    }
    if (was.scores && st.scores && st.scores.players) {
      for (const td of document.querySelectorAll("#scoreboard td[data-label]")) {
        const seat = td.closest("tr").dataset.seat;
        const i = [...td.parentNode.children].indexOf(td) - 1;
        const cols = (meta.scoreboard || []).map((e, k) => [e, k]).filter(([e]) => e.per !== "game");
        const k = cols[i] ? cols[i][1] : -1;
        const before = was.scores.players[seat] ? was.scores.players[seat][k] : undefined;
        if (k >= 0 && before !== undefined && before !== null && before !== st.scores.players[seat][k]) {
          td.classList.add("changed");
          td.title = `was ${before} at your last decision`;
          n++;
        }
      }
    }
    const lines = $("log").children;
    for (let i = 0; i < lines.length; i++) lines[i].classList.toggle("new", i >= was.log);
  } else {
    for (const line of $("log").children) line.classList.remove("new");
  }
  document.body.dataset.changed = String(n);
}

// The tab says when it is your turn (its title and its icon).
function tab(st, mode) {
  const mine = mode === "choose";
  const base = `${meta.game.name}: ${st.over ? "finished" : "round " + st.view.round}`;
  document.title = mine ? `● Your turn: ${base}` : base;
  const icon = document.querySelector("link[rel=icon]");
  const want = mine ? "/static/favicon-turn.svg" : "/static/favicon.svg";
  if (icon && icon.getAttribute("href") !== want) icon.setAttribute("href", want);
}

function takeTokens() {
  const key = `meeple:${matchId}`;
  const given = location.hash.slice(1);
  if (given) {
    sessionStorage.setItem(key, given);
    history.replaceState(null, "", location.pathname + location.search);
  }
  return (sessionStorage.getItem(key) || "").split(",").map((t) => t.trim()).filter(Boolean);
}

function auth(extra = {}) {
  return { "X-Meeple-Token": tokens.join(","), ...extra };
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
  if (!st) return;
  const at = st.version;
  if (sending === at) return; // one answer per position (a double click is not two answers)
  sending = at;
  if (st.viewer) lastSeen[st.viewer] = glance(st);
  for (const b of document.querySelectorAll("#decision button")) b.disabled = true;
  try {
    await api(`/api/matches/${encodeURIComponent(matchId)}/choose`, {
      method: "POST",
      headers: auth({ "Content-Type": "application/json" }),
      body: JSON.stringify({ option: index, version: st.version }),
    });
    refusal(null);
  } catch (e) {
    refusal(e.message);
    for (const b of document.querySelectorAll("#decision button")) b.disabled = false;
  } finally {
    if (sending === at) sending = null;
  }
}
// Takes back this seat's last answer (the server says whether the rules allow it, and why not).
async function undo() {
  const st = states[document.body.dataset.viewer];
  if (!st) return;
  try {
    await api(`/api/matches/${encodeURIComponent(matchId)}/undo`, {
      method: "POST", headers: auth({ "Content-Type": "application/json" }),
      body: JSON.stringify({ version: st.version }) });
    refusal(null);
  } catch (e) { refusal(e.message); }
}

// for the curious (and the tests): the page's own way to answer, and everything the server sent it
window.meeple = { choose, undo, states, meta: () => meta };

// The undo button: offered where the rules allow it; greyed out, with the reason as its tooltip, where a
// seat has answered and may not take it back.
function undoButton(st) {
  const u = st.undo;
  if (!u || st.over || (!u.allowed && /no answer of yours/.test(u.reason || ""))) return null;
  const b = el("button", "undo", "↶ Take back my last answer");
  b.id = "undo";
  b.disabled = !u.allowed;
  b.title = u.allowed ? "nothing hidden was shown by it and nobody has answered since: it may be taken back"
    : `it cannot be taken back: ${u.reason}`;
  if (u.allowed) b.addEventListener("click", undo);
  return b;
}

// The end, at the top of the page: who won and why, the score's breakdown, play again with the same seats.
function endPanel(st) {
  const box = $("end");
  if (!(st.over && st.result)) { box.hidden = true; box.replaceChildren(); return; }
  if (box.dataset.version === String(st.version) && !box.hidden) return;
  const first = box.hidden; // the end just came: brought into view, wherever the page was left
  box.dataset.version = String(st.version);
  box.replaceChildren(result(st.result, leftAtEnd(meta, st.scores)));
  const row = el("div", "buttons");
  if (held.length) {
    const again = el("button", "big", "Play again with the same seats");
    again.id = "play-again";
    again.addEventListener("click", async () => {
      try {
        const r = await api(`/api/matches/${encodeURIComponent(matchId)}/again`, {
          method: "POST", headers: auth({ "Content-Type": "application/json" }), body: "{}" });
        const others = r.seats.filter((x) => x.url && !held.includes(x.seat));
        if (others.length) sessionStorage.setItem(`meeple:again:${r.id}`, JSON.stringify(others));
        location.href = r.play_url;
      } catch (e) { refusal(e.message); }
    });
    row.appendChild(again);
  }
  const rep = el("button", null, "Step through this match");
  rep.id = "open-replay";
  rep.addEventListener("click", async () => {
    try {
      const r = await api(`/api/matches/${encodeURIComponent(matchId)}/replay`, {
        method: "POST", headers: auth({ "Content-Type": "application/json" }), body: "{}" });
      location.href = r.url;
    } catch (e) { refusal(e.message); }
  });
  if (held.length) row.appendChild(rep);
  const dl = el("button", null, "Download the log");
  dl.addEventListener("click", async () => {
    const res = await fetch(`/api/matches/${encodeURIComponent(matchId)}/log`, { headers: auth() });
    if (!res.ok) { refusal((await res.json()).error); return; }
    const url = URL.createObjectURL(await res.blob());
    const a = el("a");
    a.href = url;
    a.download = `${meta.game.id}-${matchId}.jsonl`;
    a.click();
    URL.revokeObjectURL(url);
  });
  if (held.length) row.appendChild(dl);
  const fresh = el("a", "button", "New match");
  fresh.href = "/";
  row.appendChild(fresh);
  box.appendChild(row);
  box.hidden = false;
  if (first) requestAnimationFrame(() => box.scrollIntoView({ block: "start" }));
}

function decisionPanel(st) {
  const box = $("decision");
  box.replaceChildren();
  if (st.error) {
    box.appendChild(el("h3", null, "The match has stopped"));
    box.appendChild(el("p", "error", st.error));
    return;
  }
  if (st.over && st.result) {
    box.appendChild(el("h3", null, "The match is over"));
    const see = el("button", "big", "See the result");
    see.id = "see-result";
    see.addEventListener("click", () => $("end").scrollIntoView({ block: "start" }));
    box.appendChild(see);
    return;
  }
  const d = st.deciding;
  const pending = st.view.pending;
  if (pending && pending.options && d && d.seat === st.viewer) {
    box.appendChild(el("h3", "prompt", pending.prompt));
    const seats = Object.fromEntries(st.seats.map((s) => [s.seat, s.name]));
    const opts = el("div", "options");
    opts.id = "options";
    const cards = st.option_cards || [];
    pending.options.forEach((label, i) => {
      const b = el("button", "option");
      b.dataset.index = i;
      b.dataset.label = label;
      // what choosing it does: the question it answers, and the card it picks as its face says
      b.title = `${pending.prompt}\n→ ${label}` + (cards[i] ? `\n\n${cardAbout(cards[i], meta, seats)}` : "");
      if (!cards[i] || cards[i].name !== label) b.appendChild(el("span", "option-label", label));
      if (cards[i]) { // the card this option picks, with its cost and text
        b.classList.add("with-card");
        b.appendChild(card(cards[i], meta, { names: seats }));
      }
      b.addEventListener("click", () => choose(i));
      opts.appendChild(b);
    });
    for (const u of st.unavailable || []) { // not offered, and the content says why
      if (pending.options.includes(u.option)) continue;
      const b = el("button", "option-off", u.option);
      b.disabled = true;
      b.title = `not offered now: ${u.reason}`;
      b.appendChild(el("small", "why", u.reason));
      opts.appendChild(b);
    }
    box.appendChild(opts);
  } else if (d) {
    box.appendChild(el("h3", "waiting", d.bot ? `${d.name} (a bot) is deciding…` : `Waiting for ${d.name}…`));
    box.appendChild(el("p", "muted prompt-other", d.prompt));
  }
  const u = undoButton(st); // first: it stays in reach above a long list of options
  if (u) box.prepend(u);
}

// The options a card on the board may answer: by the card an option picks ("uid:N"), and by its label (an
// option named as a card is); a key two options share answers neither.
function pickable(st) {
  const p = st.view.pending;
  const map = new Map();
  if (!p || !p.options || !st.deciding || st.deciding.seat !== st.viewer) return map;
  const seen = new Set();
  const add = (key, i) => {
    if (seen.has(key)) map.delete(key);
    else map.set(key, i);
    seen.add(key);
  };
  p.options.forEach((label, i) => add(label, i));
  (st.option_cards || []).forEach((c, i) => { if (c && c.uid !== null && c.uid !== undefined) add(`uid:${c.uid}`, i); });
  return map;
}

// A card that moved since the page last drew (to another zone, or into view) arrives with a short animation.
let placedAt = null; // uid -> where the card lay at the last drawing
function animateMoves() {
  const now = {};
  for (const e of document.querySelectorAll("#board .card[data-uid]")) {
    const zoneBox = e.closest("[data-zone]");
    const owner = e.closest(".player");
    const key = `${owner ? owner.dataset.seat : "table"}:${zoneBox ? zoneBox.dataset.zone : ""}`;
    now[e.dataset.uid] = key;
    if (placedAt && placedAt[e.dataset.uid] !== key) e.classList.add("moved");
  }
  placedAt = now;
}

function show(key, mode) {
  const st = states[key];
  if (!st || !meta) return;
  const names = Object.fromEntries(st.seats.map((s) => [s.seat, s.name]));
  const who = st.deciding ? (st.deciding.seat === st.viewer ? "your decision" : `${st.deciding.name} decides`) : st.over ? "finished" : "";
  $("status").replaceChildren(header(st.view, meta, who));
  $("identity").textContent = held.length === 0 ? (tokens.length ? "watching" : "a spectator: you see what is public") :
    held.length === 1 ? `you are ${names[held[0]]} (seat ${held[0]})` :
    `on this screen: ${held.map((s) => names[s]).join(", ")}` + (st.viewer ? ` (now showing ${names[st.viewer]})` : "");
  $("board").replaceChildren(board(st.view, meta, { pickable: pickable(st), onPick: choose, scores: st.scores,
    ...folding(render) }));
  animateMoves();
  decisionPanel(st);
  endPanel(st);
  rules($("rules"), $("rules-text"), meta, st.view.phase);
  logList(st.log, $("log"), String(key));
  markChanges(st);
  setMode(mode, st);
  tab(st, mode);
}

// One stream at a time: the state of `key` (a seat, or "public"); every other state is dropped.
async function follow(key) {
  key = String(key);
  following = key;
  if (stream) stream.close();
  stream = null;
  for (const k of Object.keys(states)) if (k !== key) delete states[k];
  let ticket;
  try {
    ticket = (await api(`/api/matches/${encodeURIComponent(matchId)}/ticket`, {
      method: "POST", headers: auth({ "Content-Type": "application/json" }),
      body: JSON.stringify({ viewer: key === "public" ? "public" : Number(key) }) })).ticket;
  } catch (e) {
    if (following !== key) return;
    if (e.status === 403 || e.status === 404) { fatal(e.message); return; }
    $("identity").textContent = "reconnecting…";
    setTimeout(() => following === key && follow(key), 1000);
    return;
  }
  if (following !== key) return;
  const es = new EventSource(`/api/matches/${encodeURIComponent(matchId)}/events?ticket=${encodeURIComponent(ticket)}`);
  stream = es;
  es.addEventListener("state", (ev) => {
    if (stream !== es) return;
    const msg = JSON.parse(ev.data);
    merge(msg.key, msg.state);
    render();
  });
  es.onerror = () => { // a ticket opens one stream once: a new one for the next
    if (stream !== es) return;
    es.close();
    stream = null;
    if (document.body.dataset.mode !== "over") $("identity").textContent = "reconnecting…";
    setTimeout(() => following === key && !stream && follow(key), 1000);
  };
}

function render() {
  const st = states[following];
  if (!st) return;
  const d = st.deciding;
  const over = st.over || st.error;
  const mode = over ? (st.error ? "error" : "over") : d && d.seat === st.viewer ? "choose" : "wait";
  const hand = $("handover");
  if (held.length <= 1) { // one seat (or a watch link): its own view all along
    hand.hidden = true;
    show(following, mode);
    return;
  }
  // hot-seat: a seat's view only while it decides; else the public view, with a hand-over before a seat's turn
  const next = d && !over && held.includes(d.seat) ? d.seat : null;
  if (following !== "public" && Number(following) !== next) {
    follow("public"); // the seat's view is dropped, and nothing of it stays drawn
    $("board").replaceChildren(el("p", "muted", "…"));
    $("decision").replaceChildren();
    logList([], $("log"), "dropped");
    setMode("wait", null);
    return;
  }
  if (following === "public" && next !== null) {
    // a hand-over only where the next seat is shown something another seat at this screen may not see
    const unseen = (d.hidden_from || []).some((s) => s !== next && held.includes(s));
    if (revealed === next || !unseen) { revealed = next; hand.hidden = true; follow(next); return; }
    const name = st.seats.find((s) => s.seat === next).name;
    $("handover-title").textContent = `Pass the screen to ${name}`;
    $("handover-ok").textContent = `I am ${name}: show my cards`;
    $("handover-ok").onclick = () => { revealed = next; hand.hidden = true; follow(next); };
    hand.hidden = false;
    show("public", "handover");
    return;
  }
  hand.hidden = true;
  show(following, mode);
}

function fatal(text) {
  if (stream) stream.close();
  stream = null;
  following = null;
  $("board").replaceChildren(el("div", "panel refusal", text));
  $("decision").replaceChildren(el("a", "button", "Back to the lobby"));
  $("decision").firstChild.href = "/";
  setMode("refused", null);
}

followEnd($("log"));
$("spectate").href = `/play/${encodeURIComponent(matchId)}`; // a spectator's: no token in it

// After "play again": the new links of the seats not at this screen, to send to their players.
function newLinks() {
  const key = `meeple:again:${matchId}`;
  const links = JSON.parse(sessionStorage.getItem(key) || "[]");
  if (!links.length) return;
  const box = el("div", "panel links-panel");
  box.id = "new-links";
  box.appendChild(el("h3", null, "The new match's links for the other seats"));
  const list = el("ul", "links");
  for (const s of links) {
    const li = el("li");
    li.appendChild(el("b", null, `${s.name} (seat ${s.seat}) `));
    const a = el("a", "seat-link", new URL(s.url, location.href).href);
    a.href = s.url;
    a.target = "_blank";
    li.appendChild(a);
    list.appendChild(li);
  }
  box.appendChild(list);
  document.querySelector(".side").prepend(box);
}
newLinks();

async function start() {
  // without a seat's link, a spectator: the public view, which the server sends anyone
  try {
    // a plain request first: a wrong token gets its reason here, and the seats the tokens hold
    held = (await api(`/api/matches/${encodeURIComponent(matchId)}/state?viewer=public`, { headers: auth() })).held;
  } catch (e) {
    if (e.status === 403) sessionStorage.removeItem(`meeple:${matchId}`); // a refused token is not kept
    if (e.status === 403 && !tokens.length) { fatal(e.message); return; }
    fatal(`${e.message}`);
    return;
  }
  follow(held.length === 1 ? held[0] : "public");
}

start();
