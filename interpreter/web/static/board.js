// Draws any game from a seat's view: zones with their cards and fields, counters and tracks, players,
// the decision. It knows no game: every name it shows comes from the view or the game's metadata.
// Everything is built with textContent: content text is never parsed as HTML.

export function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

export function words(name) {
  return String(name).replace(/_/g, " ");
}

export function title(name) {
  const w = words(name);
  return w.charAt(0).toUpperCase() + w.slice(1);
}

function fieldText(v, names) {
  if (v === null || v === undefined) return "";
  if (Array.isArray(v)) return v.map((x) => fieldText(x, names)).join(", ");
  if (typeof v === "object") {
    if ("card" in v) return v.card;
    if ("player" in v) return names[v.player] || `seat ${v.player}`;
    return JSON.stringify(v);
  }
  if (typeof v === "string") return words(v);
  return String(v);
}

function seatNames(view) {
  const names = {};
  for (const p of view.players || []) names[p.seat] = p.name;
  return names;
}

// A die (a card of a kind drawn as dice): its face is the first number among its shown fields.
function die(c, meta, ctx, colour) {
  const e = el("div", "card die-card");
  e.dataset.uid = c.uid;
  e.dataset.kind = c.kind;
  if (colour) e.style.setProperty("--accent", colour);
  // the face the content declares (its first number field), else the first number a hint shows
  const shown = (meta.fields && meta.fields[c.kind]) || [];
  const face = (meta.die_faces || {})[c.kind] || shown.find((k) => Number.isInteger(c[k]));
  e.appendChild(el("span", "face", face !== undefined && c[face] !== undefined ? c[face] : "?"));
  e.dataset.value = face !== undefined && c[face] !== undefined ? c[face] : "";
  const about = Object.entries(c).filter(([k, v]) => !["id", "uid", "kind"].includes(k) && v !== null && v !== false)
    .map(([k, v]) => `${words(k)}: ${fieldText(v, ctx.names)}`);
  e.title = [`${c.name}: ${face !== undefined ? c[face] : "?"}`].concat(about).join("\n");
  return e;
}

// The colour of one chip value (a face's chips field), else of the card's colouring field.
function chipColour(meta, field, v) {
  const by = meta.chip_colors && meta.chip_colors[field];
  return (by && by[v]) || meta.colors[v] || null;
}

// What a card is and does, in words, for its tooltip: its name and kind, its rules text, and its figures as they
// are now (as the card calls them). The content's docs are its authors' notes: they are not a player's tooltip.
export function cardAbout(c, meta, names = {}) {
  const face = meta.faces && meta.faces[c.kind];
  const out = [`${c.name} (${face ? face.label : words(c.kind)})`];
  const skip = new Set(["id", "uid", "name", "kind"]);
  const texts = face ? face.text : [];
  for (const k of texts) if (c[k]) out.push(String(c[k]));
  const shown = face ? [face.cost, ...face.type, ...face.chips, ...face.stats].filter(Boolean)
    : (meta.fields && meta.fields[c.kind]) || Object.keys(c);
  for (const k of shown) {
    const v = c[k];
    if (skip.has(k) || texts.includes(k) || meta.hide.includes(k) || v === null || v === undefined || v === false
      || (Array.isArray(v) && !v.length)) continue;
    const lab = (face && face.labels && face.labels[k]) || meta.labels[k] || words(k);
    out.push(`${lab}: ${v === true ? "yes" : fieldText(v, names)}`);
  }
  return out.join("\n");
}

// The option of the pending decision a card on the board answers, if one: the option that picks that very card,
// else the one labelled with its name (undefined when none, or when two options would).
function pickOf(c, ctx) {
  if (!ctx.pickable) return undefined;
  const byCard = c.uid !== null && c.uid !== undefined ? ctx.pickable.get(`uid:${c.uid}`) : undefined;
  return byCard !== undefined ? byCard : ctx.pickable.get(c.name);
}

// A card that answers the pending decision is tapped (or, from the keyboard, focused and Enter or Space) to
// choose it, as its option's button would.
function pickable(e, c, ctx) {
  const pick = pickOf(c, ctx);
  if (pick === undefined) return e;
  e.classList.add("pickable");
  e.tabIndex = 0;
  e.setAttribute("role", "button");
  e.setAttribute("aria-label", `choose ${c.name}`);
  e.title = `tap to choose ${c.name}` + (e.title ? `\n\n${e.title}` : "");
  e.dataset.pick = String(pick);
  e.addEventListener("click", () => ctx.onPick(pick));
  e.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); ctx.onPick(pick); }
  });
  return e;
}

function clickable(e, c, ctx) {
  e.title = cardAbout(c, ctx.meta, ctx.names);
  return pickable(e, c, ctx);
}

function chips(field, v, meta, ctx, label) {
  const f = el("span", "field swatches chips");
  f.dataset.field = field;
  if (label) f.appendChild(el("b", null, label));
  for (const x of Array.isArray(v) ? v : [v]) {
    const sw = el("span", "swatch", fieldText(x, ctx.names));
    const colour = chipColour(meta, field, x);
    if (colour) sw.style.setProperty("--accent", colour);
    f.appendChild(sw);
  }
  return f;
}

// A card drawn by its kind's face (the content's `face:`): title and cost, the type line, chips, the figures
// players read, and the rules text. Fields the face does not name (bookkeeping) are not drawn.
export function faceCard(c, face, meta, ctx) {
  const e = el("div", "card faced");
  e.dataset.uid = c.uid;
  e.dataset.kind = c.kind;
  const lab = (k) => (face.labels && face.labels[k]) || meta.labels[k] || words(k);
  const first = face.chips.find((k) => c[k] !== undefined && c[k] !== null && !(Array.isArray(c[k]) && !c[k].length));
  if (first) {
    const v = Array.isArray(c[first]) ? c[first][0] : c[first];
    const colour = chipColour(meta, first, v);
    if (colour) e.style.setProperty("--accent", colour);
  }
  const head = el("div", "card-head");
  const t = el("div", "card-name", face.title && c[face.title] ? fieldText(c[face.title], ctx.names) : c.name);
  head.appendChild(t);
  if (face.cost && c[face.cost] !== undefined && c[face.cost] !== null) {
    const cost = el("span", "card-cost", c[face.cost]);
    cost.dataset.field = face.cost;
    cost.title = lab(face.cost);
    head.appendChild(cost);
  }
  e.appendChild(head);
  const type = [face.label].concat(face.type.map((k) => c[k]).filter((v) => v !== undefined && v !== null && v !== "")
    .map((v) => fieldText(v, ctx.names)));
  e.appendChild(el("div", "card-kind", type.join(" · ")));
  const row = el("div", "card-fields");
  for (const k of face.chips) {
    const v = c[k];
    if (v === undefined || v === null || (Array.isArray(v) && !v.length)) continue;
    row.appendChild(chips(k, v, meta, ctx, face.labels && face.labels[k]));
  }
  for (const k of face.stats) {
    const v = c[k];
    if (v === undefined || v === null || v === false || v === 0 || (Array.isArray(v) && !v.length)) continue;
    const f = el("span", v === true ? "field flag" : "field stat");
    f.dataset.field = k;
    if (v === true) f.textContent = lab(k);
    else {
      f.appendChild(el("b", null, lab(k)));
      f.appendChild(document.createTextNode(" " + fieldText(v, ctx.names)));
    }
    row.appendChild(f);
  }
  if (row.childNodes.length) e.appendChild(row);
  for (const k of face.text) {
    const v = c[k];
    if (v === undefined || v === null || v === "") continue;
    const p = el("p", "card-text");
    p.dataset.field = k;
    if (face.text.length > 1) p.appendChild(el("b", null, lab(k) + ": "));
    p.appendChild(document.createTextNode(String(v)));
    e.appendChild(p);
  }
  return clickable(e, c, ctx);
}

// A card: drawn by its kind's face when the content declares one; else its name, its kind, its fields (the
// layout hint's choice, else all), coloured by one field.
export function card(c, meta, ctx) {
  ctx = ctx.meta ? ctx : { ...ctx, meta };
  if (meta.dice.includes(c.kind)) {
    const key = meta.color_by && Array.isArray(c[meta.color_by]) ? c[meta.color_by][0] : c[meta.color_by];
    return pickable(die(c, meta, ctx, key !== undefined ? meta.colors[key] : null), c, ctx);
  }
  const face = meta.faces && meta.faces[c.kind];
  if (face) return faceCard(c, face, meta, ctx);
  const e = el("div", "card");
  e.dataset.uid = c.uid;
  e.dataset.kind = c.kind;
  const by = meta.color_by;
  const key = by && Array.isArray(c[by]) ? c[by][0] : by ? c[by] : undefined;
  const colour = key !== undefined ? meta.colors[key] : null;
  if (colour) e.style.setProperty("--accent", colour);
  e.appendChild(el("div", "card-name", c.name));
  e.appendChild(el("div", "card-kind", words(c.kind)));
  const shown = (meta.fields && meta.fields[c.kind]) || Object.keys(c).filter((k) => !["id", "uid", "name", "kind"].includes(k));
  const fields = el("div", "card-fields");
  for (const k of shown) {
    if (meta.hide.includes(k)) continue;
    const v = c[k];
    if (v === undefined || v === null || v === false || (Array.isArray(v) && !v.length)) continue;
    const f = el("span", "field");
    f.dataset.field = k;
    if (v === true) {
      f.textContent = words(meta.labels[k] || k);
      f.classList.add("flag");
    } else if (k === by || (meta.swatches || []).includes(k)) {
      // the colouring field, and fields of colour words: each value in its own colour
      f.classList.add("swatches");
      f.appendChild(el("b", null, meta.labels[k] || words(k)));
      for (const x of Array.isArray(v) ? v : [v]) {
        const sw = el("span", "swatch", fieldText(x, ctx.names));
        if (meta.colors[x]) sw.style.setProperty("--accent", meta.colors[x]);
        f.appendChild(sw);
      }
    } else {
      f.appendChild(el("b", null, meta.labels[k] || words(k)));
      f.appendChild(document.createTextNode(" " + fieldText(v, ctx.names)));
    }
    fields.appendChild(f);
  }
  e.appendChild(fields);
  return clickable(e, c, ctx);
}

export function zone(name, z, spec, meta, ctx) {
  const e = el("section", `zone vis-${z.visibility}`);
  e.dataset.zone = name;
  const h = el("h4", null, meta.labels[name] || title(name));
  h.appendChild(el("span", "count", z.count));
  const seen = { public: "everyone sees its cards", owner: "only its owner sees its cards",
    others: "everyone but its owner sees its cards", hidden: "nobody sees its cards" }[z.visibility] || "";
  e.title = `${meta.labels[name] || title(name)}: ${z.count} card${z.count === 1 ? "" : "s"}; ${seen}` +
    (spec && spec.doc ? `\n${spec.doc}` : "");
  e.appendChild(h);
  if (!z.cards) {
    const back = el("div", "facedown", z.count ? `${z.count} face down` : "empty");
    if (!z.count) back.classList.add("none");
    e.appendChild(back);
  } else if (!z.cards.length) {
    e.classList.add("empty");
  } else {
    // identical cards side by side are drawn once, with their number; a long pile on the table shows its
    // top cards and folds the rest away (a click unfolds it)
    const groups = stacks(z.cards);
    const fold = ctx.fold && ctx.fold(name, groups);
    const cards = el("div", "cards");
    const list = fold ? groups.slice(-FOLD_SHOWN).reverse() : groups;
    for (const [c, n] of list) {
      const e = card(c, meta, ctx);
      if (n > 1) {
        e.classList.add("stack");
        e.appendChild(el("span", "times", `×${n}`));
      }
      cards.appendChild(e);
    }
    if (fold) {
      const hidden = groups.slice(0, -FOLD_SHOWN).reduce((a, g) => a + g[1], 0);
      const more = el("button", "more", `+${hidden} more`);
      more.title = "show the whole pile (top card first)";
      more.addEventListener("click", () => ctx.unfold(name));
      cards.appendChild(more);
      e.classList.add("folded");
    }
    e.appendChild(cards);
  }
  return e;
}

const FOLD_SHOWN = 3;
const FOLD_OVER = 6;
const unfolded = new Set();

function sameCard(a, b) {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => k === "uid" || JSON.stringify(a[k]) === JSON.stringify(b[k]));
}

// Runs of identical cards (every field the same): [[card, how many], ...] in the zone's order.
export function stacks(cards) {
  const out = [];
  for (const c of cards) {
    const last = out[out.length - 1];
    if (last && sameCard(last[0], c)) last[1] += 1;
    else out.push([c, 1]);
  }
  return out;
}

// The default folding: table zones (not players') with more than FOLD_OVER stacks, unless unfolded.
export function folding(redraw) {
  return {
    fold: (name, groups) => groups.length > FOLD_OVER && !unfolded.has(name),
    unfold: (name) => { unfolded.add(name); redraw(); },
  };
}

// A counter: its value, drawn as a track when its range is small (a wheel when it wraps).
export function counter(name, value, spec, meta) {
  const e = el("div", "counter");
  e.dataset.counter = name;
  const range = spec && spec.wrap ? ` (counts round from 0 to ${spec.wrap - 1})` : spec && spec.min !== null && spec.max !== null
    ? ` (from ${spec.min} to ${spec.max})` : "";
  e.title = `${meta.labels[name] || words(name)}: ${value}${range}` + (spec && spec.doc ? `\n${spec.doc}` : "");
  e.appendChild(el("span", "counter-name", meta.labels[name] || words(name)));
  e.appendChild(el("span", "counter-value", value));
  let lo = null;
  let hi = null;
  if (spec && spec.wrap) {
    lo = 0;
    hi = spec.wrap - 1;
    e.classList.add("wheel");
  } else if (spec && spec.min !== null && spec.max !== null && spec.max - spec.min <= 20) {
    lo = spec.min;
    hi = spec.max;
  }
  if (lo !== null) {
    const track = el("span", "track");
    for (let i = lo; i <= hi; i++) {
      const cell = el("span", i === value ? "cell on" : i < value && !(spec && spec.wrap) ? "cell full" : "cell");
      cell.title = String(i);
      track.appendChild(cell);
    }
    e.appendChild(track);
  }
  return e;
}

function isDice(name, v, meta) {
  return meta.dice.includes(name) || (Array.isArray(v) && v.length > 0 && v.every((x) => Number.isInteger(x)));
}

export function vars(values, meta, ctx) {
  const box = el("div", "vars");
  for (const [k, v] of Object.entries(values || {})) {
    if (meta.hide.includes(k)) continue;
    if (v === null || v === undefined || v === false || (Array.isArray(v) && !v.length && !meta.dice.includes(k))) continue;
    const e = el("span", "var");
    e.dataset.var = k;
    e.title = `${meta.labels[k] || words(k)}: ${v === true ? "yes" : fieldText(v, ctx.names)}` +
      (meta.var_docs && meta.var_docs[k] ? `\n${meta.var_docs[k]}` : "");
    e.appendChild(el("b", null, meta.labels[k] || words(k)));
    if (isDice(k, v, meta)) {
      const dice = el("span", "dice");
      for (const d of Array.isArray(v) ? v : [v]) dice.appendChild(el("span", "die", fieldText(d, ctx.names)));
      e.appendChild(dice);
    } else {
      e.appendChild(document.createTextNode(" " + (v === true ? "yes" : fieldText(v, ctx.names))));
    }
    box.appendChild(e);
  }
  return box;
}

function counters(values, specs, meta) {
  const box = el("div", "counters");
  for (const [k, v] of Object.entries(values || {})) {
    if (meta.hide.includes(k)) continue;
    if (meta.dice.includes(k)) {
      const e = el("span", "var");
      e.appendChild(el("b", null, meta.labels[k] || words(k)));
      const dice = el("span", "dice");
      dice.appendChild(el("span", "die", v));
      e.appendChild(dice);
      box.appendChild(e);
    } else {
      box.appendChild(counter(k, v, specs[k], meta));
    }
  }
  return box;
}

// The content's scoreboard (`scoreboard:` in game.yaml): the game's entries as figures (a bar when the entry
// has a largest value), then one row per player. `scores` is the state's {game, players, max}.
export function scoreboard(meta, scores, view) {
  const entries = meta.scoreboard || [];
  if (!entries.length || !scores || !scores.players) return null;
  const box = el("div", "scoreboard");
  box.id = "scoreboard";
  const game = el("div", "score-game");
  entries.forEach((e, i) => {
    if (e.per !== "game") return;
    const v = scores.game[i];
    const item = el("span", "score-item");
    item.dataset.label = e.label;
    if (e.doc) item.title = e.doc;
    item.appendChild(el("b", null, e.label));
    item.appendChild(el("span", "score-value", v === null || v === undefined ? "—" : v));
    const max = scores.max && scores.max[i];
    if (typeof v === "number" && typeof max === "number" && max > 0) {
      const bar = el("span", "score-bar");
      const fill = el("span", "score-fill");
      fill.style.width = `${Math.max(0, Math.min(100, (100 * v) / max))}%`;
      bar.appendChild(fill);
      bar.title = `${v} of ${max}`;
      item.appendChild(bar);
    }
    game.appendChild(item);
  });
  if (game.childNodes.length) box.appendChild(game);
  const cols = entries.map((e, i) => [e, i]).filter(([e]) => e.per !== "game");
  if (cols.length) {
    const t = el("table", "score-table");
    const head = el("tr");
    head.appendChild(el("th", null, ""));
    for (const [e] of cols) {
      const th = el("th", e.score ? "the-score" : null, e.label);
      if (e.doc) th.title = e.doc;
      head.appendChild(th);
    }
    t.appendChild(head);
    for (const p of view.players) {
      const row = el("tr");
      row.dataset.seat = p.seat;
      if (p.seat === view.viewer) row.classList.add("me");
      if (view.pending && view.pending.player === p.seat) row.classList.add("deciding");
      row.appendChild(el("th", null, p.name));
      const vals = scores.players[String(p.seat)] || [];
      for (const [e, i] of cols) {
        const v = vals[i];
        const td = el("td", e.score ? "the-score" : null, v === null || v === undefined ? "—" : v);
        td.dataset.label = e.label;
        row.appendChild(td);
      }
      t.appendChild(row);
    }
    box.appendChild(t);
  }
  return box;
}

function playerBox(p, view, meta, ctx, deciding) {
  const pspecs = Object.fromEntries(meta.player.map((z) => [z.name, z]));
  const box = el("div", "player");
  box.dataset.seat = p.seat;
  if (p.seat === view.viewer) box.classList.add("me");
  if (p.seat === deciding) box.classList.add("deciding");
  const h = el("h3", "player-name", p.name);
  h.appendChild(el("span", "seat", `seat ${p.seat}`));
  if (p.seat === view.viewer) h.appendChild(el("span", "tag you", "you"));
  if (p.seat === view.first_player) h.appendChild(el("span", "tag first", "first player"));
  if (p.seat === deciding) h.appendChild(el("span", "tag turn", "deciding"));
  box.appendChild(h);
  box.appendChild(counters(p.counters, meta.player_counters, meta));
  box.appendChild(vars(p.vars, meta, ctx));
  const pz = el("div", "zones");
  for (const spec of meta.player) {
    const z = p.zones[spec.name];
    if (z && !meta.hide.includes(spec.name)) pz.appendChild(zone(spec.name, z, spec, meta, { ...ctx, fold: null }));
  }
  for (const [name, z] of Object.entries(p.zones)) {
    if (!pspecs[name] && !meta.hide.includes(name)) pz.appendChild(zone(name, z, null, meta, { ...ctx, fold: null }));
  }
  box.appendChild(pz);
  return box;
}

// The whole board of one view: the scoreboard, the viewer's own area first, the table, then the other
// players. ctx: {pickable: Map(label -> option index), onPick(index), scores}.
export function board(view, meta, ctx = {}) {
  ctx = { ...ctx, names: seatNames(view) };
  const root = el("div", "board");
  const sb = scoreboard(meta, ctx.scores, view);
  if (sb) root.appendChild(sb);
  const deciding = view.pending ? view.pending.player : null;
  const mine = view.players.find((p) => p.seat === view.viewer);
  if (mine) {
    const own = el("div", "players own");
    own.appendChild(playerBox(mine, view, meta, ctx, deciding));
    root.appendChild(own);
  }
  const table = el("div", "table-area");
  table.appendChild(el("h3", "area-title", "Table"));
  const common = el("div", "common");
  common.appendChild(counters(view.counters, meta.counters, meta));
  common.appendChild(vars(view.vars, meta, ctx));
  table.appendChild(common);
  const zones = el("div", "zones");
  const specs = Object.fromEntries(meta.table.map((z) => [z.name, z]));
  for (const spec of meta.table) {
    const z = view.zones[spec.name];
    if (z && !meta.hide.includes(spec.name)) zones.appendChild(zone(spec.name, z, spec, meta, ctx));
  }
  for (const [name, z] of Object.entries(view.zones)) {
    if (!specs[name] && !meta.hide.includes(name)) zones.appendChild(zone(name, z, null, meta, ctx));
  }
  table.appendChild(zones);
  root.appendChild(table);

  const players = el("div", "players");
  for (const p of view.players) {
    if (p !== mine) players.appendChild(playerBox(p, view, meta, ctx, deciding));
  }
  root.appendChild(players);
  return root;
}

// What a cooperative end left on the table: the content's scoreboard entries for the whole game, with their
// values at the end ("Boss Health 107"), as [label, value, doc].
export function leftAtEnd(meta, scores) {
  if (!meta || !scores || !scores.game) return [];
  return (meta.scoreboard || []).map((e, i) => [e.label, scores.game[i], e.doc])
    .filter(([, v], i) => meta.scoreboard[i].per === "game" && v !== null && v !== undefined);
}

const signed = (v) => (v < 0 ? `− ${-v}` : `+ ${v}`);

// One seat's score as the rules count it: each part that is not 0, with its own arithmetic where the content
// says it (`counted:`, "people 7 × hearts 4 = 28"), then their sum when there is more than one.
function arithmetic(r, seat, parts, names) {
  const s = String(seat);
  const li = el("li");
  li.dataset.seat = s;
  li.appendChild(el("b", null, `${names[seat] || "seat " + seat}: `));
  const counted = (r.counted && r.counted[s]) || {};
  const used = parts.filter((p) => r.parts[s][p] !== 0 || counted[p]);
  used.forEach((p, i) => {
    const v = r.parts[s][p];
    const span = el("span", "part-sum", `${p}: ` + (counted[p] ? `${counted[p]} = ${v}` : String(v)));
    span.dataset.part = p;
    span.dataset.value = String(v);
    if (i) li.appendChild(document.createTextNode("; "));
    li.appendChild(span);
  });
  if (used.length > 1 || !used.length) {
    const vals = used.map((p) => r.parts[s][p]);
    const sum = vals.length ? vals.map((v, i) => (i ? ` ${signed(v)}` : String(v))).join("") : "0";
    const total = el("span", "total-sum", `score ${sum} = ${r.scores[s]}`);
    if (used.length) li.appendChild(document.createTextNode("; "));
    li.appendChild(total);
  }
  return li;
}

// The result: the outcome, the reason, what decided it, and every seat by rank with its score, the score's
// parts (those not 0 for everyone), the ranking keys (and team and faction, if any), and each seat's score as
// the rules count it. `left`: what a cooperative end left on the table (leftAtEnd).
export function result(r, left = []) {
  const box = el("div", "result");
  const names = r.names || {};
  const sides = new Set((r.winners || []).map((s) => (r.teams ? r.teams[String(s)] : s)));
  if (r.outcome === "won" || r.outcome === "lost") {
    box.appendChild(el("h2", `outcome ${r.outcome}`, `The players have ${r.outcome}`));
  } else if (r.teams && sides.size === 1) {
    box.appendChild(el("h2", "outcome", `Team ${r.teams[String(r.winner)]} wins`));
  } else if (sides.size > 1) {
    box.appendChild(el("h2", "outcome", `A tie: ${r.winners.map((s) => names[s] || "Seat " + s).join(" and ")} share the win`));
  } else {
    box.appendChild(el("h2", "outcome", `${names[r.winner] || "Seat " + r.winner} wins`));
  }
  if (r.reason) box.appendChild(el("p", "reason", `The game ended: ${r.reason}.`));
  for (const line of r.told || []) box.appendChild(el("p", "decided", line));
  if (r.decided && r.decided.by) {
    const used = el("p", "tie-break");
    used.dataset.by = r.decided.by;
    used.textContent = r.decided.by === "score" ? "No tie-break was needed: the score decided."
      : r.decided.by === "ranking" ? `Tie-break used: ${r.decided.key}.`
      : "Every tie-break was level: the win is shared.";
    if (r.decided.key) used.dataset.key = r.decided.key;
    box.appendChild(used);
  }
  const scored = r.outcome === "ranked" || Object.values(r.scores).some((v) => v) || r.factions ||
    (r.parts && Object.keys(r.parts).length);
  if ((r.outcome === "won" || r.outcome === "lost") && left.length) {  // what was left, and so why
    const p = el("p", "left");
    p.appendChild(el("b", null, r.outcome === "lost" ? "What was left: " : "At the end: "));
    left.forEach(([label, v, doc], i) => {
      const span = el("span", "left-item", `${label} ${v}` + (doc ? ` (${doc})` : ""));
      span.dataset.label = label;
      p.appendChild(document.createTextNode(i ? ", " : ""));
      p.appendChild(span);
    });
    box.appendChild(p);
  }
  if (!scored) {  // a cooperative game without scores or their parts: the outcome says it all
    box.appendChild(el("p", "muted", `${r.rounds} rounds, ${r.decisions} decisions.`));
    return box;
  }
  const first = r.ranking.length ? String(r.ranking[0]) : null;
  // a part 0 for every seat is a rule this match did not use: no column of zeros
  const parts = r.parts && first ? Object.keys(r.parts[first]).filter((p) => r.ranking.some((x) =>
    r.parts[String(x)][p] !== 0 || (r.counted && r.counted[String(x)] && r.counted[String(x)][p]))) : [];
  const keys = r.key_names || [];
  const decider = r.decided && r.decided.by === "ranking" ? r.decided.key : null;
  const t = el("table", "ranking");
  const head = el("tr");
  // a cooperative end scores nobody: no column of zeros (its players are listed with their factions)
  const noScore = (r.outcome === "won" || r.outcome === "lost") && !parts.length &&
    !Object.values(r.scores).some((v) => v);
  const heads = ["#", "player"].concat(r.teams ? ["team"] : [], noScore ? [] : ["score"], parts, keys,
    r.factions ? ["faction"] : []);
  for (const h of heads) {
    const th = el("th", null, h);
    if (parts.includes(h)) { th.classList.add("part-name"); th.title = `a part of the score: ${h}`; }
    if (keys.includes(h)) {
      th.classList.add("key-name");
      th.title = `a tie-break, in this order: ${keys.join(", then ")}`;
      if (h === decider) { th.classList.add("decider"); th.title = `the tie-break that decided: ${h}`; }
    }
    head.appendChild(th);
  }
  t.appendChild(head);
  r.ranking.forEach((seat, i) => {
    const row = el("tr");
    const s = String(seat);
    row.dataset.seat = s;
    row.appendChild(el("td", null, i + 1));
    row.appendChild(el("td", null, names[seat] || `seat ${seat}`));
    if (r.teams) row.appendChild(el("td", null, r.teams[s]));
    const total = el("td", "total", r.scores[s]);
    if (parts.length) total.title = parts.map((p) => `${p} ${r.parts[s][p]}`).join(" + ") + ` = ${r.scores[s]}`;
    if (!noScore) row.appendChild(total);
    for (const p of parts) {
      const td = el("td", "part", r.parts[s][p]);
      td.dataset.part = p;
      row.appendChild(td);
    }
    keys.forEach((name, k) => {
      const td = el("td", "part key", r.keys[s][k]);
      td.dataset.key = name;
      if (name === decider) td.classList.add("decider");
      row.appendChild(td);
    });
    if (r.factions) row.appendChild(el("td", null, r.factions[s]));
    t.appendChild(row);
  });
  const wrap = el("div", "ranking-wrap");  // the parts and keys may be wider than the panel: it scrolls
  wrap.appendChild(t);
  box.appendChild(wrap);
  if (parts.length) {
    const how = el("ul", "arithmetic");
    for (const seat of r.ranking) how.appendChild(arithmetic(r, seat, parts, names));
    box.appendChild(how);
  }
  box.appendChild(el("p", "muted", `${r.rounds} rounds, ${r.decisions} decisions.`));
  return box;
}

// The account follows its end unless the reader scrolled up to read. Only a scroll up that follows the
// reader's own hand (wheel, touch, keys, a drag of the bar) stops it following; any scroll that reaches the end
// follows again. The page's scrolls, and the ones the browser makes when lines re-wrap or the panel changes
// size, never move the top up: they leave it following.
export function followEnd(box) {
  const hand = () => { box.handAt = performance.now(); };
  for (const kind of ["wheel", "touchmove", "keydown", "pointerdown"]) box.addEventListener(kind, hand, { passive: true });
  box.addEventListener("scroll", () => {
    const top = box.scrollTop, was = box.lastTop ?? top;
    box.lastTop = top;
    if (top + box.clientHeight >= box.scrollHeight - 30) box.stick = true;
    else if (top < was && performance.now() - (box.handAt || -1e9) <= 1000) box.stick = false;
  });
}

// The account: lines are only ever added, so a longer account of the same match adds its new lines.
export function logList(lines, box, key = "") {
  const shown = box.logLines || [];
  const same = box.logKey === key && shown.length <= lines.length && shown.every((x, i) => x === lines[i]);
  if (!same) box.replaceChildren();
  const stick = !same || box.stick !== false;
  for (const line of lines.slice(same ? shown.length : 0)) {
    const cls = line.startsWith("==") ? "log-round" : /^ {2}[^ :]+: /.test(line) ? "log-choice" : "log-line";
    box.appendChild(el("div", cls, line.replace(/^== /, "")));
  }
  box.logLines = lines.slice();
  box.logKey = key;
  // scrolled at the next frame: reading the height now would lay the page out at once, on every update
  if (stick) requestAnimationFrame(() => { box.scrollTop = box.scrollHeight; });
}

export function header(view, meta, extra) {
  const bar = el("div", "status");
  bar.appendChild(el("span", "game-name", meta.game.name));
  if (view.round) bar.appendChild(el("span", "pill", `Round ${view.round}`));
  if (view.phase) bar.appendChild(el("span", "pill phase", title(view.phase)));
  if (extra) bar.appendChild(el("span", "pill who", extra));
  return bar;
}

export async function api(path, opts = {}) {
  const res = await fetch(path, opts);
  let data = null;
  try {
    data = await res.json();
  } catch (e) {
    data = { error: `${res.status} ${res.statusText}` };
  }
  if (!res.ok) {
    const err = new Error(data && data.error ? data.error : `${res.status}`);
    err.status = res.status;
    throw err;
  }
  return data;
}

// The game's rules summary (`rules:` in game.yaml: the goal, a turn, a line per phase), beside the match; the
// phase being played is marked. Hidden when the game has none.
export function rules(box, text, meta, phase) {
  const r = meta.rules;
  if (!r) { box.hidden = true; return; }
  box.hidden = false;
  if (text.dataset.phase === String(phase) && text.childNodes.length) return;
  text.dataset.phase = String(phase);
  text.replaceChildren();
  if (r.goal) { const p = el("p", "rules-goal"); p.appendChild(el("b", null, "Goal: ")); p.appendChild(document.createTextNode(r.goal)); text.appendChild(p); }
  if (r.turn) { const p = el("p", "rules-turn"); p.appendChild(el("b", null, "A turn: ")); p.appendChild(document.createTextNode(r.turn)); text.appendChild(p); }
  const phases = Object.entries(r.phases || {});
  if (phases.length) {
    const list = el("ul", "rules-phases");
    for (const [name, line] of phases) {
      const li = el("li", name === phase ? "now" : null);
      li.dataset.phase = name;
      li.appendChild(el("b", null, `${title(name)}: `));
      li.appendChild(document.createTextNode(line));
      if (name === phase) li.title = "the phase being played";
      list.appendChild(li);
    }
    text.appendChild(list);
  }
}
