// The lobby: choose a game, its players, seats and options; or open a log to step through. The server draws
// each match's seed and tells it to nobody before the end (it would show every face-down card).
import { api, el, title } from "/static/board.js";

const $ = (id) => document.getElementById(id);
let games = [];
// who may sit at a seat: [value, what the lobby says, its tooltip]
const KINDS = [
  ["here", "human at this screen", "a person at this browser (hot-seat when several)"],
  ["remote", "human with its own link", "a person who opens their own secret link, anywhere"],
  ["bot", "bot: random", "a bot that picks any legal option at random (the weakest: for testing a game)"],
  ["greedy", "bot: greedy", "a bot that picks the option whose position it values most, one move ahead"],
  ["mcts", "bot: mcts", "a bot that searches ahead (Monte Carlo tree search) for the time you give it"],
];
let game = null;
let pace = 0; // the server's seconds between two bots' answers (`meeple serve --bot-delay`)
const SECONDS = ["0.2", "1", "3"]; // what an mcts bot may be given to think, a decision

// The strongest bot that answers within the table's pace: mcts given the longest time that fits it, else (a
// table that does not wait for its bots) greedy, which looks one move ahead at once. Never random by default.
export function defaultBot(pace) {
  const fits = SECONDS.filter((v) => Number(v) <= pace);
  return fits.length ? ["mcts", fits[fits.length - 1]] : ["greedy", "1"];
}

function problem(id, text) {
  $(id).hidden = !text;
  $(id).textContent = text || "";
}

function pickGame(g) {
  game = g;
  for (const b of document.querySelectorAll(".game")) b.classList.toggle("chosen", b.dataset.game === g.id);
  $("setup").hidden = false;
  $("created").hidden = true;
  $("game-doc").textContent = g.description || "";
  const players = $("players");
  players.replaceChildren();
  for (let n = g.players.min; n <= g.players.max; n++) players.appendChild(el("option", null, n));
  players.value = String(Math.min(Math.max(3, g.players.min), g.players.max));
  const opts = $("options");
  opts.replaceChildren();
  for (const o of g.options) {
    const label = el("label", "option-field", title(o.name) + " ");
    const sel = el("select");
    sel.dataset.option = o.name;
    for (const v of o.values) sel.appendChild(el("option", null, v));
    sel.value = o.default;
    label.appendChild(sel);
    if (o.doc) label.title = o.doc;
    opts.appendChild(label);
  }
  seats();
}

function seats() {
  const n = Number($("players").value);
  const t = $("seats");
  const old = [...t.querySelectorAll("tr")].map((r) => [r.querySelector("input").value, r.querySelector("select.kind").value,
    r.querySelector("select.seconds").value]);
  t.replaceChildren();
  const defaults = ["Ann", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana"];
  for (let i = 0; i < n; i++) {
    const row = el("tr");
    row.appendChild(el("td", "seat", `seat ${i + 1}`));
    const name = el("input");
    name.value = old[i] ? old[i][0] : defaults[i] || `Player ${i + 1}`;
    name.maxLength = 24;
    name.dataset.seat = i + 1;
    const cell = el("td");
    cell.appendChild(name);
    row.appendChild(cell);
    const kind = el("select", "kind");
    kind.dataset.seat = i + 1;
    for (const [v, text, tip] of KINDS) {
      const o = el("option", null, text);
      o.value = v;
      o.title = tip;
      kind.appendChild(o);
    }
    const [bot, thinks] = defaultBot(pace);
    kind.value = old[i] ? old[i][1] : i === 0 ? "here" : bot;
    // an mcts bot thinks for a given time per decision
    const secs = el("select", "seconds");
    secs.dataset.seat = i + 1;
    secs.title = "how long the mcts bot thinks for each decision";
    for (const v of SECONDS) secs.appendChild(el("option", null, v));
    secs.value = old[i] && old[i][2] ? old[i][2] : thinks;
    const secsLabel = el("label", "seconds-label");
    secsLabel.appendChild(secs);
    secsLabel.appendChild(document.createTextNode(" s a decision"));
    const showSecs = () => { secsLabel.hidden = kind.value !== "mcts"; };
    kind.addEventListener("change", showSecs);
    showSecs();
    const kc = el("td");
    kc.appendChild(kind);
    kc.appendChild(secsLabel);
    row.appendChild(kc);
    t.appendChild(row);
  }
}

function absolute(path) {
  return new URL(path, location.href).href;
}

async function startMatch(ev) {
  ev.preventDefault();
  problem("lobby-error", null);
  const options = {};
  for (const s of document.querySelectorAll("#options select")) options[s.dataset.option] = s.value;
  const body = {
    game: game.id,
    players: Number($("players").value),
    options,
    seats: [...document.querySelectorAll("#seats select.kind")].map((s) => (s.value === "mcts"
      ? { kind: "mcts", seconds: Number(s.closest("td").querySelector("select.seconds").value) } : s.value)),
    names: [...document.querySelectorAll("#seats input")].map((s) => s.value),
  };
  let m;
  try {
    m = await api("/api/matches", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  } catch (e) {
    problem("lobby-error", e.message);
    return;
  }
  const remote = m.seats.filter((s) => s.where === "remote");
  if (!remote.length && m.play_url) {
    location.href = m.play_url;
    return;
  }
  const box = $("created");
  box.replaceChildren(el("h3", null, "Match started"));
  box.appendChild(el("p", "muted", "Send each player their own link: it is the only way into their seat. Keep the links secret."));
  const list = el("ul", "links");
  for (const s of remote) {
    const li = el("li");
    li.appendChild(el("b", null, `${s.name} (seat ${s.seat}) `));
    const a = el("a", "seat-link", absolute(s.url));
    a.href = s.url;
    a.target = "_blank";
    a.dataset.seat = s.seat;
    li.appendChild(a);
    list.appendChild(li);
  }
  const w = el("li");
  w.appendChild(el("b", null, "To watch (public view only) "));
  const wa = el("a", "watch-link", absolute(m.spectator_url));
  wa.href = m.spectator_url;
  w.appendChild(wa);
  list.appendChild(w);
  box.appendChild(list);
  if (m.play_url) {
    const go = el("a", "button big", "Sit down at this screen");
    go.id = "sit-down";
    go.href = m.play_url;
    box.appendChild(go);
  }
  $("setup").hidden = true;
  box.hidden = false;
}

async function openReplay(body) {
  problem("replay-error", null);
  try {
    const r = await api("/api/replays", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    location.href = r.url;
  } catch (e) {
    problem("replay-error", e.message);
  }
}

// The games on offer; a game whose content does not load is marked broken, with its problems and their places.
function listGames(data) {
  games = data.games;
  const box = $("games");
  box.replaceChildren();
  for (const g of games) {
    const b = el("button", "game", g.name);
    b.type = "button";
    b.dataset.game = g.id;
    if (g.error) {
      b.classList.add("broken");
      b.appendChild(el("small", null, "broken: does not load"));
      b.addEventListener("click", () => showProblems(g));
    } else {
      b.appendChild(el("small", null, `${g.players.min}–${g.players.max} players`));
      b.addEventListener("click", () => pickGame(g));
    }
    if (game && game.id === g.id) b.classList.add("chosen");
    box.appendChild(b);
  }
  const broken = games.filter((g) => g.error);
  const panel = $("problems");
  panel.replaceChildren();
  panel.hidden = !broken.length;
  for (const g of broken) {
    panel.appendChild(el("h3", null, `${g.name} does not load`));
    const list = el("ul", "problem-list");
    for (const p of g.problems || []) {
      const li = el("li", "problem");
      li.dataset.file = p.file;
      li.dataset.line = p.line;
      li.dataset.column = p.column;
      li.appendChild(el("code", "place", `${p.file}:${p.line}:${p.column}`));
      li.appendChild(document.createTextNode(` ${p.message}`));
      if (p.code) li.appendChild(el("span", "muted", ` [${p.code}]`));
      list.appendChild(li);
    }
    if (!(g.problems || []).length) list.appendChild(el("li", "problem", g.error));
    panel.appendChild(list);
  }
}

function showProblems(g) {
  game = g;
  $("setup").hidden = true;
  for (const b of document.querySelectorAll(".game")) b.classList.toggle("chosen", b.dataset.game === g.id);
  $("problems").scrollIntoView({ block: "nearest" });
}

// `meeple serve --watch`: the list follows the content files; a game chosen that changed is chosen again.
let listed = "";
async function watch() {
  let data;
  try {
    data = await api("/api/games");
  } catch (e) {
    return;
  }
  const text = JSON.stringify(data.games);
  if (text === listed) return;
  listed = text;
  listGames(data);
  const again = game && games.find((g) => g.id === game.id);
  if (again && !again.error) {
    const keep = $("players").value;
    pickGame(again);
    if ([...$("players").options].some((o) => o.value === keep)) { $("players").value = keep; seats(); }
  } else if (again) {
    showProblems(again);
  } else if (!game) { // a server of one game chooses it again once it loads
    const playable = games.filter((g) => !g.error);
    if (playable.length === 1 || (playable.length && data.fixed)) pickGame(playable[0]);
  }
  document.body.dataset.content = String(Number(document.body.dataset.content || 0) + 1);
}

async function start() {
  let data;
  try {
    data = await api("/api/games");
  } catch (e) {
    problem("lobby-error", e.message);
    return;
  }
  pace = Number(data.pace) || 0;
  listGames(data);
  const playable = games.filter((g) => !g.error);
  const wanted = new URLSearchParams(location.search).get("game");
  const first = playable.find((g) => g.id === wanted) || (playable.length === 1 || data.fixed ? playable[0] : null);
  if (first) pickGame(first);
  listed = JSON.stringify(data.games);
  if (data.watch) setInterval(watch, 1000);
  $("players").addEventListener("change", seats);
  $("setup").addEventListener("submit", startMatch);
  $("open-log").addEventListener("click", async () => {
    const f = $("logfile").files[0];
    if (!f) { problem("replay-error", "choose a log file first"); return; }
    openReplay({ text: await f.text(), name: f.name });
  });
  if (data.logs) {
    const saved = await api("/api/logs");
    const list = el("ul", "saved");
    for (const l of saved.logs) {
      const li = el("li");
      const b = el("button", "link", l.name);
      b.addEventListener("click", () => openReplay({ saved: l.name }));
      li.appendChild(b);
      li.appendChild(el("span", "muted", ` ${l.game}, ${l.players} players, ${l.choices} choices${l.finished ? "" : " (interrupted)"}`));
      list.appendChild(li);
    }
    if (saved.logs.length) $("saved").replaceChildren(el("h3", null, "Saved by this server"), list);
  }
  document.body.dataset.mode = "ready";
}

start();
