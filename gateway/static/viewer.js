// The battle viewer: draws what the gateway sends and sends back the choice a player makes.
//
// Owns: the page at `/battles/{id}?token=...` (and the open form at `/`). It computes
// nothing of the rules: the screen (`GET /v1/battles/{id}/screen`) brings turn order,
// health, conditions, budgets, movement and the board; the socket brings the log and this
// token's prompt, whose options carry every reachable cell with its path and cost, the
// cells where someone would strike, the targets and the area aim points with whom each
// catches. The page only looks these up and draws them.

const $ = (id) => document.getElementById(id);

const page = {
  battle: null,
  token: null,
  who: null,        // {role, player}
  screen: null,
  prompt: null,     // the open prompt (this token's decision) or null
  mode: null,       // {kind: "move"|"target"|"area"|"zone"|"teleport", option?, options?, chosen: []}
  hovered: null,    // "x,y" of the cell under the pointer or focus
  focus: [0, 0],    // the board cell that holds the tab stop
  lastSeq: 0,
  socket: null,
  closed: false,
  fetching: false,
  stale: false,
  moved: new Map(), // id -> the seq of the push or teleport that last moved them (the log's moves)
};

// -- talking to the gateway ------------------------------------------------------------

async function api(path) {
  const r = await fetch(`/v1/battles/${encodeURIComponent(page.battle)}${path}`, {
    headers: { Authorization: `Bearer ${page.token}` },
  });
  const body = await r.json();
  if (!r.ok) throw new Error(`${body.code}: ${body.message}`);
  return body;
}

function say(text) {
  $("status").textContent = text;
}

async function refreshScreen() {
  // One read at a time; events that arrive meanwhile ask for one more read after it.
  if (page.fetching) { page.stale = true; return; }
  page.fetching = true;
  try {
    do {
      page.stale = false;
      const screen = await api("/screen");
      if (!page.screen || screen.revision >= page.screen.revision) page.screen = screen;
    } while (page.stale);
    if (page.prompt && page.screen.revision > page.prompt.revision) setPrompt(null);
    render();
  } catch (err) {
    say(`The screen could not be read: ${err.message}`);
  } finally {
    page.fetching = false;
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = new URLSearchParams({ token: page.token, after: String(page.lastSeq) });
  const socket = new WebSocket(`${scheme}://${location.host}/v1/battles/${encodeURIComponent(page.battle)}/ws?${query}`);
  page.socket = socket;
  socket.addEventListener("open", () => say("Connected."));
  socket.addEventListener("message", (msg) => receive(JSON.parse(msg.data)));
  socket.addEventListener("close", () => {
    if (page.socket !== socket) return;
    page.socket = null;
    if (page.closed) return;
    say("Connection lost; reconnecting...");
    setTimeout(connect, 1000);
  });
}

function receive(message) {
  switch (message.type) {
    case "event":
      addEvent(message.event);
      refreshScreen();
      break;
    case "prompt":
      setPrompt(message);
      break;
    case "accepted":
      say("Choice sent.");
      break;
    case "error":
      say(`Refused: ${message.message} (${message.code})`);
      if (message.request_id) refreshScreen();
      break;
    case "closed":
      page.closed = true;
      setPrompt(null);
      say(message.outcome ? `The fight is over: ${message.outcome}.` : `The battle is ${message.status}.`);
      refreshScreen();
      break;
  }
}

function send(option, { targets = [], cell = null } = {}) {
  const prompt = page.prompt;
  if (!prompt || !page.socket) return;
  const choice = {
    type: "choice", actor: prompt.actor, option_id: option.id, targets, revision: prompt.revision,
    request_id: `page-${prompt.revision}-${Math.random().toString(36).slice(2, 10)}`,
  };
  if (cell) choice.cell = cell;
  page.socket.send(JSON.stringify(choice));
  say(`Sending ${option.label}...`);
  setPrompt(null);
}

// -- the log ---------------------------------------------------------------------------

function addEvent(event) {
  if (event.seq <= page.lastSeq) return;
  page.lastSeq = event.seq;
  const li = document.createElement("li");
  li.dataset.seq = event.seq;
  li.dataset.kind = event.kind;
  li.textContent = event.text;
  // A push or a teleport is a move in the log: its line says where to, and the token that
  // moved is drawn arriving on the next render of the board.
  const moved = movedBy(event);
  if (moved) {
    li.classList.add("moved");
    if (event.data?.cell) li.dataset.to = key(event.data.cell);
    if (event.data?.start) li.dataset.from = key(event.data.start);
    page.moved.set(moved, event.seq);
  }
  const log = $("log");
  log.append(li);
  log.scrollTop = log.scrollHeight;
}

// -- looking things up in what the server sent ------------------------------------------

// Who a log event moved without walking: a push's target, a teleport's traveller (its
// companions too), someone teleported out of the fight; null for anything else.
function movedBy(event) {
  const data = event.data || {};
  if (event.kind === "push" && data.cell) return data.target;
  if ((event.kind === "move" && data.teleport) || event.kind === "left") return data.actor;
  return null;
}

const key = (cell) => `${cell[0]},${cell[1]}`;

function combatant(id) {
  return page.screen?.combatants.find((c) => c.id === id) || null;
}

function nameOf(id) {
  return combatant(id)?.name ?? id;
}

function occupants() {
  const at = new Map();
  for (const c of page.screen?.combatants || []) {
    if (!c.position || c.out) continue;
    // A big creature fills a square `cells` across from its top-left cell (1.194).
    const n = c.cells || 1;
    for (let dy = 0; dy < n; dy++) {
      for (let dx = 0; dx < n; dx++) at.set(key([c.position[0] + dx, c.position[1] + dy]), c);
    }
  }
  return at;
}

function moveAt(cellKey) {
  return page.mode?.kind === "move" ? page.mode.options.find((o) => key(o.board.cell) === cellKey) : null;
}

function targetInfo(option, id) {
  const parts = [];
  const forecast = option.forecasts.find((f) => f.target === id);
  if (forecast?.hit != null) parts.push(`hit ${Math.round(forecast.hit * 100)}%`);
  if (forecast?.save != null) parts.push(`save ${Math.round(forecast.save * 100)}%`);
  if (forecast?.win != null) parts.push(`win ${Math.round(forecast.win * 100)}%`);
  if (forecast?.damage != null) parts.push(`about ${forecast.damage} damage`);
  const reach = option.board?.targets?.[id];
  if (reach) {
    parts.push(`${reach.how} at ${reach.distance}`);
    if (reach.cover) parts.push(`${reach.cover} cover`);
    for (const note of reach.notes || []) parts.push(note);
  }
  return parts.join(", ");
}

/** Who the current choice could pick or catch, by combatant id. */
function highlighted() {
  const mode = page.mode;
  const out = new Map();
  if (mode?.kind === "target") {
    for (const id of mode.option.targets) out.set(id, mode.chosen.includes(id) ? "chosen" : "target");
  } else if ((mode?.kind === "area" || mode?.kind === "zone") && page.hovered) {
    for (const id of mode.option.board.catches[page.hovered] || []) out.set(id, "caught");
  }
  return out;
}

// -- drawing ---------------------------------------------------------------------------

function render() {
  const screen = page.screen;
  if (!screen) return;
  $("title").textContent = `${screen.ruleset}: battle ${screen.battle}`;
  const where = screen.outcome ? `The fight is over: ${screen.outcome}.` : `Round ${screen.round}.`;
  $("round").textContent = screen.status === "abandoned" ? "The battle was abandoned." : where;
  renderOrder();
  renderZones();
  renderSummons();
  renderBoard();
  renderPrompt();
}

function healthView(h) {
  const wrap = document.createElement("div");
  wrap.className = "health";
  if (h.boxes) {
    const boxes = document.createElement("span");
    boxes.className = "boxes";
    boxes.setAttribute("role", "img");
    boxes.setAttribute("aria-label", `${h.label}: ${h.current} of ${h.max} boxes left`);
    for (const box of h.boxes) {
      const b = document.createElement("span");
      b.className = box.mark ? "box marked" : "box";
      b.title = box.mark ? `${box.label}: ${box.mark}` : `${box.label}: empty`;
      boxes.append(b);
    }
    wrap.append(boxes);
  } else {
    const bar = document.createElement("meter");
    bar.min = 0;
    bar.max = Math.max(h.max, 1);
    bar.value = Math.max(h.current, 0);
    bar.low = bar.max / 3;
    bar.optimum = bar.max;
    bar.setAttribute("aria-label", h.label);
    wrap.append(bar);
  }
  const text = document.createElement("span");
  text.className = "health-text";
  text.textContent = `${h.label} ${h.current} / ${h.max}`;
  wrap.append(text);
  return wrap;
}

function line(className, text) {
  const p = document.createElement("p");
  p.className = className;
  p.textContent = text;
  return p;
}

function renderOrder() {
  const screen = page.screen;
  const marks = highlighted();
  const list = $("order");
  list.replaceChildren();
  const ids = [...screen.order, ...screen.combatants.map((c) => c.id).filter((id) => !screen.order.includes(id))];
  for (const id of ids) {
    const c = combatant(id);
    if (!c) continue;
    const li = document.createElement("li");
    li.dataset.combatant = c.id;
    li.className = `combatant ${c.side}`;
    if (c.id === screen.turn) li.classList.add("current");
    if (c.down) li.classList.add("down");
    if (c.out) li.classList.add("out");
    const mark = marks.get(c.id);
    if (mark) li.classList.add(mark);
    const head = document.createElement("div");
    head.className = "name";
    head.textContent = `${c.name}${c.id === screen.turn ? " (turn)" : ""}${c.down ? " (down)" : ""}`
      + (c.away ? ` (${c.away})` : c.out ? " (out)" : "");
    li.append(head, healthView(c.health));
    if (c.temp) li.append(line("temp", `Temporary ${c.temp}`));
    if (c.conditions.length) {
      li.append(line("conditions", c.conditions.map((h) => (h.rounds == null ? h.label
        : `${h.label} (${h.rounds} ${h.rounds === 1 ? "round" : "rounds"} left)`)).join(", ")));
    }
    if (c.concentration) li.append(line("concentration", `Concentrating on ${c.concentration.label}`));
    if (c.dying) {
      const d = c.dying;
      li.append(line("dying", `Dying: ${d.successes} of ${d.successes_needed} successes, ${d.failures} of ${d.failures_needed} failures`));
    }
    const budgets = c.budgets.map((b) => `${b.label} ${b.left}`);
    if (c.movement) budgets.push(`Movement ${c.movement.left}`);
    li.append(line("budgets", budgets.join(" · ")));
    if (page.mode?.kind === "target" && (mark === "target" || mark === "chosen")) {
      const pick = document.createElement("button");
      pick.type = "button";
      pick.className = "pick";
      const info = targetInfo(page.mode.option, c.id);
      pick.textContent = `${mark === "chosen" ? "Unpick" : "Pick"} ${c.name}${info ? ` (${info})` : ""}`;
      pick.addEventListener("click", () => pickTarget(c.id));
      li.append(pick);
    }
    list.append(li);
  }
}

function cellLabel(board, x, y, who, marks) {
  const terrain = board.legend[board.rows[y][x]];
  const parts = [`${x}, ${y}: ${terrain.label}`, `level ${board.heights[y][x]}`];
  if (terrain.kind !== "solid" && terrain.cost !== `1 ${board.unit}`) parts.push(`costs ${terrain.cost} to enter`);
  if (who) {
    parts.push(`${who.name} (${who.side === "party" ? "party" : "foe"}, ${who.health.label} ${who.health.current} of ${who.health.max}${who.down ? ", down" : ""})`);
  }
  const here = key([x, y]);
  const mode = page.mode;
  const move = moveAt(here);
  if (move) {
    parts.push(`move here: ${move.text}`);
  }
  if (who && marks.get(who.id) && mode?.kind === "target") parts.push(`${marks.get(who.id) === "chosen" ? "picked" : "can be picked"}: ${targetInfo(mode.option, who.id)}`);
  if (mode?.kind === "area" && mode.option.board.catches[here]) {
    parts.push(`aim here: catches ${mode.option.board.catches[here].map(nameOf).join(", ")}`);
  }
  for (const zone of zonesAt(here)) parts.push(`in ${zone.label}`);
  for (const summon of summonsAt(here)) parts.push(`${nameOf(summon.owner)}'s ${summon.label}`);
  if (mode?.kind === "zone" && mode.option.board.catches[here]) {
    parts.push(`move it here: reaches ${mode.option.board.catches[here].map(nameOf).join(", ")}`);
  }
  return parts.join("; ");
}

/** The lasting zones covering a cell ("x,y"), in the order they were cast. */
function zonesAt(here) {
  return (page.screen.zones || []).filter((z) => z.cells.some((c) => key(c) === here));
}

/** The battle's list of lasting zones, with the caster's turns each has left. */
function renderZones() {
  const list = $("zones");
  const zones = page.screen.zones || [];
  list.hidden = zones.length === 0;
  list.replaceChildren(...zones.map((z) => {
    const li = document.createElement("li");
    li.textContent = `${z.label} (${nameOf(z.owner)})`;
    return li;
  }));
}

/** The summons standing on a cell ("x,y"), in the order they were cast. */
function summonsAt(here) {
  return (page.screen.summons || []).filter((s) => s.cell && key(s.cell) === here);
}

/** The battle's list of summons, with their owner's turns each has left. */
function renderSummons() {
  const list = $("summons");
  const summons = page.screen.summons || [];
  list.hidden = summons.length === 0;
  list.replaceChildren(...summons.map((s) => {
    const li = document.createElement("li");
    li.textContent = `${s.label} (${nameOf(s.owner)})`;
    return li;
  }));
}

function renderBoard() {
  const board = page.screen.board;
  $("board-panel").hidden = !board;
  if (!board) return;
  const grid = $("board");
  grid.setAttribute("aria-label", `Board, ${board.width} by ${board.height} cells, distances in ${board.unit}`);
  grid.style.setProperty("--columns", board.width);
  const at = occupants();
  const marks = highlighted();
  const mode = page.mode;
  const hoverMove = page.hovered ? moveAt(page.hovered) : null;
  const path = new Map((hoverMove?.board.path || []).map((cell, i) => [key(cell), i + 1]));
  const amber = new Set((hoverMove?.board.strikes || []).map((s) => key(s.cell)));
  const aims = new Set(mode?.kind === "area" ? mode.option.board.aim.map(key)
    : mode?.kind === "zone" ? mode.option.board.to.map(key)
    : mode?.kind === "teleport" ? landing(mode.option).cells.map(key) : []);
  const zoned = new Set((page.screen.zones || []).flatMap((z) => z.cells.map(key)));
  const walled = new Set((page.screen.zones || []).flatMap((z) => (z.walls || []).map(key)));
  const reach = new Set(mode?.kind === "move" ? mode.options.map((o) => key(o.board.cell)) : []);
  const hadFocus = grid.contains(document.activeElement);
  grid.replaceChildren();
  for (let y = 0; y < board.height; y++) {
    for (let x = 0; x < board.width; x++) {
      const here = key([x, y]);
      const terrain = board.legend[board.rows[y][x]];
      const who = at.get(here);
      const cell = document.createElement("button");
      cell.type = "button";
      cell.className = `cell t-${terrain.kind} level-${board.heights[y][x]}`;
      cell.dataset.cell = here;
      cell.tabIndex = page.focus[0] === x && page.focus[1] === y ? 0 : -1;
      if (reach.has(here)) cell.classList.add("reach");
      if (path.has(here)) { cell.classList.add("path"); cell.dataset.step = path.get(here); }
      if (amber.has(here)) cell.classList.add("amber");
      if (aims.has(here)) cell.classList.add("aim");
      if (zoned.has(here)) cell.classList.add("zone");
      if (walled.has(here)) cell.classList.add("wall");
      if (here === page.hovered) cell.classList.add("hovered");
      if (who) {
        cell.classList.add("occupied", who.side);
        if (who.down) cell.classList.add("down");
        const mark = marks.get(who.id);
        if (mark) cell.classList.add(mark);
        cell.dataset.who = who.id;
        if (key(who.position) === here) {
          // One token per creature, on its top-left cell, drawn over its whole square.
          const token = document.createElement("span");
          token.className = "token";
          token.textContent = who.name.split(/\s+/).map((w) => w[0]).join("").slice(0, 3);
          if ((who.cells || 1) > 1) {
            token.classList.add("big");
            token.style.setProperty("--span", String(who.cells));
            token.dataset.cells = String(who.cells);
          }
          if (page.moved.has(who.id)) {
            token.classList.add("arrived");
            page.moved.delete(who.id);
          }
          cell.append(token);
        } else {
          cell.classList.add("body");
        }
      }
      if (summonsAt(here).length) {
        // A summon fills no cell: it is drawn beside whoever stands there.
        cell.classList.add("summon");
        const mark = document.createElement("span");
        mark.className = "summon-mark";
        mark.textContent = summonsAt(here).map((s) => s.name[0]).join("");
        cell.append(mark);
      }
      if (reach.has(here)) {
        const cost = document.createElement("span");
        cost.className = "cost";
        // The number of the cost in the ruleset's unit ("3 strides" shows 3); the unit is in the label.
        cost.textContent = moveAt(here).board.cost.split(" ")[0];
        cell.append(cost);
      }
      if (board.heights[y][x] !== "0") {
        const level = document.createElement("span");
        level.className = "level";
        level.textContent = board.heights[y][x];
        cell.append(level);
      }
      cell.setAttribute("aria-label", cellLabel(board, x, y, who, marks));
      grid.append(cell);
    }
  }
  if (hadFocus) grid.querySelector(`[data-cell="${key(page.focus)}"]`)?.focus();
  renderBoardInfo(hoverMove);
}

function renderBoardInfo(hoverMove) {
  const mode = page.mode;
  let info = "";
  let strikers = "";
  if (hoverMove) {
    info = `${hoverMove.label}: ${hoverMove.text}`;
    const by = (hoverMove.board.strikes || []).map((s) => `${nameOf(s.by)} (leaving ${s.cell[0]}, ${s.cell[1]})`);
    if (by.length) strikers = `Would strike at this walk: ${by.join(", ")}`;
  } else if (mode?.kind === "move") {
    info = "Pick a lit cell to walk there; the path and its cost show under the pointer.";
  } else if (mode?.kind === "area") {
    const caught = page.hovered ? mode.option.board.catches[page.hovered] : null;
    info = caught ? `${mode.option.label} aimed at ${page.hovered.replace(",", ", ")} catches ${caught.map(nameOf).join(", ")}`
      : `Aim ${mode.option.label} (${mode.option.board.area.shape}, ${mode.option.board.area.size}) at a lit cell.`;
  } else if (mode?.kind === "zone") {
    const caught = page.hovered ? mode.option.board.catches[page.hovered] : null;
    info = caught ? `${mode.option.label} to ${page.hovered.replace(",", ", ")} reaches ${caught.map(nameOf).join(", ")}`
      : `${mode.option.label}: pick a lit cell, up to ${mode.option.board.distance} from where it is.`;
  } else if (mode?.kind === "teleport") {
    const verb = mode.option.board.teleport ? "teleport" : "move";
    info = `${mode.option.label}: pick a lit cell to ${verb} to, up to ${landing(mode.option).distance} away.`;
  } else if (mode?.kind === "target") {
    info = `Pick a target for ${mode.option.label}${mode.option.count > 1 ? ` (up to ${mode.option.count})` : ""}.`;
  }
  $("board-info").textContent = info;
  $("strikers").textContent = strikers;
}

function optionButton(label, detail, onClick, className = "") {
  const button = document.createElement("button");
  button.type = "button";
  button.className = `option ${className}`.trim();
  const title = document.createElement("span");
  title.className = "option-label";
  title.textContent = label;
  button.append(title);
  if (detail) {
    const small = document.createElement("span");
    small.className = "option-text";
    small.textContent = detail;
    button.append(small);
  }
  button.addEventListener("click", onClick);
  return button;
}

function costText(option) {
  const spends = option.costs.map((c) => Object.entries(c).map(([k, v]) => `${k} ${v}`).join(" "));
  return [option.text, ...spends].filter(Boolean).join("; ");
}

function renderPrompt() {
  const box = $("prompt");
  box.replaceChildren();
  const screen = page.screen;
  const prompt = page.prompt;
  if (!prompt) {
    if (page.who?.role === "spectator") box.append(line("help", "Watching (read-only)."));
    if (screen?.pending) {
      const p = screen.pending;
      const w = p.window;
      box.append(line("waiting", w ? `A window is open (${w.moment}): waiting on ${nameOf(p.actor)}.`
        : `Waiting on ${nameOf(p.actor)}.`));
    }
    return;
  }
  const actor = nameOf(prompt.actor);
  const w = prompt.window;
  box.append(line("prompt-title", w
    ? `${actor} is asked (${w.moment}${w.source ? `, set off by ${nameOf(w.source)}` : ""}${w.target && w.target !== w.source ? ` at ${nameOf(w.target)}` : ""}): answer or pass.`
    : `${actor}'s turn: choose.`));
  const row = document.createElement("div");
  row.className = w ? "options window" : "options";
  const moves = prompt.options.filter((o) => o.group === "move" && o.board?.cell);
  if (moves.length) {
    row.append(optionButton("Move", `${moves.length} cells in reach`, () => enter({ kind: "move", options: moves }),
      page.mode?.kind === "move" ? "active" : ""));
  }
  for (const option of prompt.options) {
    if (moves.includes(option)) continue;
    const suggested = prompt.suggestion?.option === option.id ? " (suggested)" : "";
    const active = page.mode?.option?.id === option.id ? "active" : "";
    row.append(optionButton(option.label + suggested, costText(option), () => choose(option),
      `${active} ${option.id === "pass" ? "pass" : ""}`));
  }
  box.append(row);
  if (page.mode) {
    const tools = document.createElement("div");
    tools.className = "tools";
    if (page.mode.kind === "target" && page.mode.option.count > 1) {
      const confirm = optionButton(`Confirm ${page.mode.chosen.length} target(s)`, "", () => send(page.mode.option, { targets: page.mode.chosen }));
      confirm.disabled = page.mode.chosen.length === 0;
      tools.append(confirm);
    }
    tools.append(optionButton("Cancel", "Esc", () => enter(null), "cancel"));
    box.append(tools);
  }
}

// -- choosing ---------------------------------------------------------------------------

function setPrompt(prompt) {
  page.prompt = prompt;
  page.mode = null;
  render();
}

function enter(mode) {
  page.mode = mode;
  render();
}

function choose(option) {
  if (option.board?.aim) return enter({ kind: "area", option, chosen: [] });
  if (option.group === "zone" && option.board?.to) return enter({ kind: "zone", option, chosen: [] });
  // A teleport, or a move bought between turns that does nothing else (board.move.needed).
  if (option.board?.teleport || option.board?.move?.needed) return enter({ kind: "teleport", option, chosen: [] });
  if (option.count > 0 && option.targets.length) return enter({ kind: "target", option, chosen: [] });
  send(option);
}

function pickTarget(id) {
  const mode = page.mode;
  if (mode?.kind !== "target" || !mode.option.targets.includes(id)) return;
  if (mode.option.count <= 1) return send(mode.option, { targets: [id] });
  mode.chosen = mode.chosen.includes(id) ? mode.chosen.filter((t) => t !== id)
    : [...mode.chosen, id].slice(0, mode.option.count);
  render();
}

// The cells a teleport lands on, or a move bought between turns stops on (docs/board.md).
function landing(option) {
  return option.board.teleport || option.board.move;
}

function chooseCell(cellKey) {
  const mode = page.mode;
  if (!mode) return;
  if (mode.kind === "move") {
    const move = moveAt(cellKey);
    if (move) send(move);
  } else if (mode.kind === "area") {
    if (mode.option.board.catches[cellKey]) send(mode.option, { cell: cellKey.split(",").map(Number) });
  } else if (mode.kind === "zone") {
    if (mode.option.board.to.some((c) => key(c) === cellKey)) send(mode.option, { cell: cellKey.split(",").map(Number) });
  } else if (mode.kind === "teleport") {
    if (landing(mode.option).cells.some((c) => key(c) === cellKey)) send(mode.option, { cell: cellKey.split(",").map(Number) });
  } else if (mode.kind === "target") {
    const who = occupants().get(cellKey);
    if (who) pickTarget(who.id);
  }
}

function hover(cellKey) {
  if (page.hovered === cellKey) return;
  page.hovered = cellKey;
  if (page.mode) render();
}

function wireBoard() {
  const grid = $("board");
  grid.addEventListener("click", (e) => {
    const cell = e.target.closest(".cell");
    if (cell) chooseCell(cell.dataset.cell);
  });
  grid.addEventListener("pointerover", (e) => {
    const cell = e.target.closest(".cell");
    if (cell) hover(cell.dataset.cell);
  });
  grid.addEventListener("focusin", (e) => {
    const cell = e.target.closest(".cell");
    if (!cell) return;
    page.focus = cell.dataset.cell.split(",").map(Number);
    hover(cell.dataset.cell);
  });
  grid.addEventListener("keydown", (e) => {
    const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const step = steps[e.key];
    const board = page.screen?.board;
    if (!step || !board) return;
    e.preventDefault();
    const x = Math.min(board.width - 1, Math.max(0, page.focus[0] + step[0]));
    const y = Math.min(board.height - 1, Math.max(0, page.focus[1] + step[1]));
    grid.querySelector(`[data-cell="${x},${y}"]`)?.focus();
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && page.mode) enter(null);
  });
}

// -- starting ----------------------------------------------------------------------------

function home() {
  $("home").hidden = false;
  $("open-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const battle = $("open-battle").value.trim();
    const token = $("open-token").value.trim();
    location.href = `/battles/${encodeURIComponent(battle)}?token=${encodeURIComponent(token)}`;
  });
}

async function start() {
  const match = location.pathname.match(/^\/battles\/([^/]+)$/);
  const token = new URLSearchParams(location.search).get("token");
  if (!match || !token) return home();
  page.battle = decodeURIComponent(match[1]);
  page.token = token;
  $("battle").hidden = false;
  wireBoard();
  try {
    const view = await api("");
    page.who = { role: view.role, player: view.player };
    $("who").textContent = view.role === "spectator" ? "Watching as a spectator (read-only)"
      : view.role === "gm" ? "Playing as the Game Master" : `Playing as ${view.player}`;
  } catch (err) {
    say(`This battle cannot be opened: ${err.message}`);
    return;
  }
  await refreshScreen();
  connect();
}

start();
