// A replay: a logged match stepped forward and back, seen by any seat (a log holds the seed: nothing in
// it is secret from whoever holds it) or by a spectator.
import { api, board, el, folding, header, leftAtEnd, logList, result } from "/static/board.js";

const rid = decodeURIComponent(location.pathname.split("/").pop());
const $ = (id) => document.getElementById(id);
let step = 0;
let steps = 0;
let viewer = "public";
let busy = Promise.resolve();

async function load(to) {
  const q = new URLSearchParams({ step: String(to), viewer });
  let st;
  try {
    st = await api(`/api/replays/${encodeURIComponent(rid)}?${q}`);
  } catch (e) {
    $("board").replaceChildren(el("div", "panel refusal", e.message));
    document.body.dataset.mode = "refused";
    return;
  }
  step = st.step;
  steps = st.steps;
  const sel = $("viewer");
  if (!sel.options.length) {
    const o = el("option", null, "a spectator (public)");
    o.value = "public";
    sel.appendChild(o);
    for (const s of st.seats) {
      const so = el("option", null, `${s.name} (seat ${s.seat})`);
      so.value = String(s.seat);
      sel.appendChild(so);
    }
    sel.value = viewer;
  }
  $("slider").max = String(steps);
  $("slider").value = String(step);
  $("where").textContent = `choice ${step} of ${steps}` + (st.finished ? "" : " (the log stops before the end)");
  $("status").replaceChildren(header(st.view, st.meta, `${st.game.players} players, seed ${st.game.seed}`));
  $("board").replaceChildren(board(st.view, st.meta, { scores: st.scores, ...folding(() => go(step)) }));
  const box = $("decision");
  box.replaceChildren();
  if (st.next) {
    box.appendChild(el("h3", null, `Next: ${st.next.name} decides`));
    box.appendChild(el("p", "prompt", st.next.prompt));
    box.appendChild(el("p", "next-choice", `→ ${st.next.label}`));
  } else if (st.over && st.result) {
    box.appendChild(result(st.result, leftAtEnd(st.meta, st.scores)));
  } else if (st.deciding) {
    box.appendChild(el("h3", null, `The log stops here: ${st.deciding.name} was to decide`));
    box.appendChild(el("p", "prompt", st.deciding.prompt));
  }
  logList(st.log, $("log"), viewer);
  for (const id of ["first", "back"]) $(id).disabled = step <= 0;
  for (const id of ["forward", "last"]) $(id).disabled = step >= steps;
  document.body.dataset.step = String(step);
  document.body.dataset.steps = String(steps);
  document.body.dataset.mode = "replay";
}

// steps asked for in a row (keys held down) add up: each goes from the last one asked, not the last one shown
let want = 0;
function go(to) {
  want = Math.max(0, Math.min(steps, to));
  const at = want;
  busy = busy.then(() => (at === want ? load(at) : null));
}

$("first").addEventListener("click", () => go(0));
$("back").addEventListener("click", () => go(want - 1));
$("forward").addEventListener("click", () => go(want + 1));
$("last").addEventListener("click", () => go(steps));
$("slider").addEventListener("change", () => go(Number($("slider").value)));
$("viewer").addEventListener("change", () => { viewer = $("viewer").value; go(step); });
document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
  if (e.key === "ArrowLeft") go(want - 1);
  else if (e.key === "ArrowRight") go(want + 1);
  else if (e.key === "Home") go(0);
  else if (e.key === "End") go(steps);
});

want = Number(new URLSearchParams(location.search).get("step") || 0);
busy = load(want).then(() => { want = step; });
