// The Cacao game page: the lobby (open games, games to watch, a new game), then the table,
// played over the server's WebSocket by touching the board. It speaks only the public API
// (docs/server.md) and decides no rule: the server sends the seat that decides the library's
// decision document (cr.decision_to_json), a tree of questions whose answers name the square
// or edge a click picks them by, and this page walks it. The seat's token is kept in this
// browser's local storage, so a reload or a later visit returns to the seat. Everything
// from the server is put in the page as text, but the board, the library's SVG picture.
"use strict";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const SQUARE = 48;  // a board square in the picture's units (cacao_rules.show.svg.SQUARE)
const MODULES = ["map", "watering", "chocolate", "huts", "tree_of_life", "emperor",
  "new_workers", "gem_mines"];
const COUNTERS = [["gold", "Gold"], ["cacao", "Cacao"], ["sun", "Sun"], ["water_field", "Water"]];
let KINDS = ["human", "random", "greedy", "mcts:250ms"];  // and the operator's bots
let socket = null;
let view = null;       // the last view the server sent
let previous = null;   // the one before, to show what changed
let path = [];         // the answers chosen so far in the decision tree
let turn = 0;          // the answer previewed at a rotation question
let pending = null;    // an answer with a move, waiting for Confirm
let sent = false;      // the move is sent: no decision until the next view or an error
let turnSeen = null;   // [seat to move, when this page saw its turn begin]
let viewSeen = 0;      // when the last view came (performance.now()), to count its clock down
let allLines = [];
let lobbyTimer = null;

function say(text) { $("error").textContent = text || ""; }

async function api(method, path, body, token) {
  const headers = {"Content-Type": "application/json"};
  if (token) headers.Authorization = "Bearer " + token;
  const answer = await fetch(path, {method, headers, body: body && JSON.stringify(body)});
  const data = await answer.json();
  if (!answer.ok) throw new Error(data.error || answer.statusText);
  return data;
}

function hashParams() { return new URLSearchParams(location.hash.slice(1)); }
function gameId() { return hashParams().get("game"); }
function tokenOf(game) { return localStorage.getItem("cacao-token-" + game); }
function keepToken(game, token) { localStorage.setItem("cacao-token-" + game, token); }
function show(section) {
  for (const id of ["lobby", "join", "table"]) $(id).hidden = id !== section;
  if (section !== "lobby" && lobbyTimer) { clearInterval(lobbyTimer); lobbyTimer = null; }
}
function element(tag, text, attributes) {
  const made = document.createElement(tag);
  if (text !== undefined && text !== null) made.textContent = text;
  for (const [name, value] of Object.entries(attributes || {})) made.setAttribute(name, value);
  return made;
}
function button(text, onclick, attributes) {
  const made = element("button", text, Object.assign({type: "button"}, attributes));
  made.addEventListener("click", onclick);
  return made;
}

// --- the lobby -------------------------------------------------------------------------

function seatRows() {
  // One choice of player per seat, keeping what was chosen already.
  const box = $("seat-kinds");
  const chosen = [...box.querySelectorAll("select")].map((select) => select.value);
  box.querySelectorAll("label").forEach((label) => label.remove());
  for (let seat = 0; seat < Number($("players").value); seat++) {
    const label = element("label", "Seat " + seat + " ");
    const select = element("select", null, {id: "seat-" + seat});
    for (const kind of KINDS) select.add(new Option(kind, kind));
    if (chosen[seat] && KINDS.includes(chosen[seat])) select.value = chosen[seat];
    if (seat === 0) select.disabled = true;  // you
    label.append(select);
    box.append(label);
  }
}

let externalBots = null;  // the operator's external bots, asked for once

async function lobby() {
  // The form is ready at once; the operator's bots are added to it when they arrive,
  // without undoing what the person chose meanwhile.
  show("lobby");
  $("create-name").value = $("create-name").value || localStorage.getItem("cacao-name") || "";
  const box = $("modules");
  if (!box.querySelector("input")) {
    for (const module of MODULES) {
      const label = element("label");
      const input = element("input", null, {type: "checkbox", value: module, id: "module-" + module});
      label.append(input, " " + module.replaceAll("_", " "));
      box.append(label);
    }
    seatRows();
  }
  if (externalBots === null) {
    externalBots = [];
    try { externalBots = (await api("GET", "/api/players")).external; } catch (error) { say(error.message); }
    KINDS = [...KINDS, ...externalBots];
    seatRows();
  }
  await listGames();
  if (!lobbyTimer && !$("lobby").hidden) lobbyTimer = setInterval(listGames, 5000);
}

function configWords(config, clocks) {
  const modules = (config.modules || []).map((m) => m.replaceAll("_", " "));
  return config.players + " players" + (config.is_big_game ? ", Big Game" : "") +
    (modules.length ? " · " + modules.join(", ") : " · base game") +
    (clocks ? " · clock " + Number(clocks.clock.minutes.toFixed(2)) + " min + " +
      clocks.clock.increment + " s a move" : "");
}

function seatWords(info) {
  return info.seats.map((seat) => seat.name === null ? "free" :
    seat.name + (seat.player === "human" ? "" : " (bot)")).join(", ");
}

async function listGames() {
  let games;
  try { games = await api("GET", "/api/games"); } catch (error) { say(error.message); return; }
  const open = $("open-games");
  open.replaceChildren(...games.open.map((entry) => {
    const info = entry.info;
    const free = info.seats.filter((seat) => seat.name === null).length;
    const item = element("li", configWords(info.config, info.clocks) + " — " + seatWords(info) + " — " +
      free + (free === 1 ? " seat free" : " seats free") +
      (entry.waiting.length ? ", " + entry.waiting.join(" and ") + " waiting " : " "));
    item.append(button("Join", () => joinListed(info.game),
      {"aria-label": "Join the game of " + (entry.waiting.join(" and ") || "nobody yet"), class: "join-game"}));
    return item;
  }));
  if (!games.open.length) open.append(element("li", "None: create one below."));
  const playing = $("playing-games");
  playing.replaceChildren(...games.playing.map((entry) => {
    const item = element("li", configWords(entry.info.config, entry.info.clocks) + " — " + seatWords(entry.info) +
      " — move " + entry.info.moves + " ");
    item.append(element("a", "Watch", {href: "#game=" + entry.info.game + "&watch=1", class: "watch"}));
    return item;
  }));
  if (!games.playing.length) playing.append(element("li", "None."));
}

async function joinListed(game) {
  const name = $("create-name").value.trim();
  if (!name) { say("Type your name first, then join."); $("create-name").focus(); return; }
  localStorage.setItem("cacao-name", name);
  try {
    keepToken(game, (await api("POST", "/api/games/" + game + "/join", {name})).token);
    location.hash = "game=" + game;
  } catch (error) { say(error.message); }
}

async function create(event) {
  event.preventDefault();
  say("");
  const players = Number($("players").value);
  const seats = [];
  for (let seat = 0; seat < players; seat++) seats.push($("seat-" + seat).value);
  const name = $("create-name").value;
  localStorage.setItem("cacao-name", name);
  const body = {config: chosenConfig(players), seats};
  const minutes = Number($("clock-minutes").value);
  if (minutes > 0) body.clock = {minutes, increment: Number($("clock-increment").value) || 0};
  try {
    const game = await api("POST", "/api/games", body);
    const joined = await api("POST", "/api/games/" + game.game + "/join", {name, seat: 0});
    keepToken(game.game, joined.token);
    location.hash = "game=" + game.game;
  } catch (error) { say(error.message); }
}

function chosenConfig(players) {
  // The configuration the form names, as the server takes it; the server checks it and
  // says what is wrong (this page knows no rule of which configurations are allowed).
  if ($("big-game").checked) return {players, is_big_game: true};
  const modules = [...$("modules").querySelectorAll("input:checked")].map((i) => i.value);
  const config = {players, modules};
  if ($("early-overbuild").checked) config.map_early_overbuild = true;
  const items = $("workers").value.split(",").map((item) => item.trim()).filter(Boolean);
  if (items.length) {
    config.workers = Object.fromEntries(items.map((item) => {
      const [type, count] = item.split(":").map((part) => part.trim());
      return [type, count === undefined ? null : Number(count)];
    }));
  }
  return config;
}

function bigGame() {
  // The Big Game plays every module with its own tiles: the other choices are set aside.
  const big = $("big-game").checked;
  for (const input of $("create").querySelectorAll("#modules input, #early-overbuild, #workers")) {
    input.disabled = big;
  }
}

async function joinPage(game) {
  show("join");
  $("join-game").textContent = game;
  $("join-name").value = $("join-name").value || localStorage.getItem("cacao-name") || "";
  $("watch-link").href = "#game=" + game + "&watch=1";
  try {
    const info = await api("GET", "/api/games/" + game);
    $("join-seats").replaceChildren(...info.seats.map((seat) => element("li",
      "Seat " + seat.seat + ": " + (seat.name === null ? "free" :
        seat.name + (seat.player === "human" ? "" : " (bot)")))));
    $("join-button").disabled = info.status !== "open";
    if (info.status !== "open") say("This game has no free seat (" + info.status + "); you may watch it.");
  } catch (error) { say(error.message); }
}

async function join(event) {
  event.preventDefault();
  const game = gameId();
  const name = $("join-name").value;
  localStorage.setItem("cacao-name", name);
  try {
    keepToken(game, (await api("POST", "/api/games/" + game + "/join", {name})).token);
    route();
  } catch (error) { say(error.message); }
}

// --- the table -------------------------------------------------------------------------

function connect(game, token) {
  show("table");
  $("invite").textContent = token ? "Others join at " + location.origin + "/#game=" + game : "";
  $("seat-note").textContent = token ?
    "Your seat is kept in this browser: reload or come back later to play on." : "";
  $("spectating").hidden = Boolean(token);
  view = previous = pending = null;
  path = [];
  allLines = [];
  $("events").replaceChildren();
  if (socket) socket.close();
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const opened = new WebSocket(scheme + location.host + "/api/games/" + game + "/socket");
  socket = opened;
  opened.onopen = () => opened.send(JSON.stringify(token ?
    {type: "hello", token, board: true, decision: true} : {type: "hello", spectator: true, board: true}));
  opened.onmessage = (message) => {
    if (socket !== opened) return;  // a view of the game this page has left
    const data = JSON.parse(message.data);
    if (data.type === "error") { say(data.error); pending = null; sent = false; drawDecision(); }
    else if (data.type === "view") draw(data);
  };
  opened.onclose = (close) => {
    if (socket !== opened) return;
    $("status").textContent = "disconnected" + (close.reason ? ": " + close.reason : "") +
      "; reconnecting";
    if (close.code !== 1008) setTimeout(() => { if (gameId() === game) route(); }, 2000);
  };
}

function seatName(data, seat) {
  return data.names[seat] || "seat " + seat;
}

function draw(data) {
  previous = view;
  view = data;
  viewSeen = performance.now();
  if (!previous || previous.moves !== data.moves) { path = []; turn = 0; pending = null; }
  sent = false;
  if (!turnSeen || turnSeen[0] !== data.to_move) turnSeen = [data.to_move, Date.now()];
  const you = data.seat;
  $("status").textContent = (you === null ? "Watching" : seatName(data, you) + ", seat " + you) +
    " · " + data.status;
  $("notices").replaceChildren(...(data.notices || []).map((text) => element("li", text)));
  if (data.board) splitPicture(data.board);
  drawSeats(data);
  $("last-turn").replaceChildren(...data.last_turn_lines.map((line) => element("li", line)));
  if (!data.last_turn_lines.length) $("last-turn").append(element("li", "Nothing yet."));
  for (const line of data.lines) $("events").append(element("li", line));
  drawFinished(data);
  drawNotation();
  drawDecision();
  showMarks();
  tick();
}

function drawSeats(data) {
  const body = $("seats").tBodies[0];
  body.replaceChildren();
  data.observation.players.forEach((player, seat) => {
    const row = body.insertRow();
    row.className = "seat-" + seat + (seat === data.seat ? " you" : "") +
      (seat === data.to_move ? " to-move" : "");
    const name = row.insertCell();
    name.textContent = seatName(data, seat) + (seat === data.to_move ? " ◀" : "");
    if (data.clocks) name.append(element("span", null, {class: "clock", title: "time left"}));
    const before = previous && previous.observation.players[seat];
    for (const [key] of COUNTERS) counter(row.insertCell(), player[key], before && before[key]);
    const score = data.scores[seat];
    counter(row.insertCell(), score, previous && previous.scores[seat],
      data.winners && data.winners.includes(seat) ? " wins" : "");
  });
  $("score-head").textContent = data.is_over ? "Final" : "Score";
}

function counter(cell, value, before, suffix) {
  cell.textContent = value + (suffix || "");
  if (before === undefined || before === null || before === value) return;
  const change = element("span", (value > before ? " +" : " ") + (value - before), {class: "change"});
  cell.append(change);
  cell.classList.add(value > before ? "up" : "down");  // flashed by the style sheet
}

function timeLeft(clocks, seat) {
  // The seat's seconds left: the server's figure, the running clock counted down here since
  // the view came (by this page's own clock: the server says how long it had run then).
  const left = clocks.remaining[seat];
  if (seat !== clocks.running) return left;
  return Math.max(0, left - clocks.elapsed - (performance.now() - viewSeen) / 1000);
}

function drawClocks() {
  const clocks = view.clocks;
  if (!clocks) return;
  $("seats").querySelectorAll(".clock").forEach((cell, seat) => {
    const left = Math.ceil(timeLeft(clocks, seat));
    cell.textContent = clocks.remaining[seat] <= 0 ? "out of time" :
      Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
    cell.classList.toggle("running", seat === clocks.running);
  });
}

function tick() {
  if (!view) return;
  drawClocks();
  if (view.is_over || view.to_move === null) {
    $("turn").textContent = view.is_over ? "The game is over." : view.waiting;
    return;
  }
  const seconds = Math.round((Date.now() - turnSeen[1]) / 1000);
  const clock = Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
  const who = view.to_move === view.seat ? "Your turn" : seatName(view, view.to_move) + "'s turn";
  $("turn").textContent = who + " · thinking for " + clock + " · " + view.waiting;
}

function drawFinished(data) {
  $("finished").hidden = !data.is_over;
  if (!data.is_over) return;
  $("record-link").href = "/api/games/" + data.game + "/record";
  $("replay-link").href = "/api/games/" + data.game + "/replay";
  const sheets = data.sheets || [];
  const parts = sheets.length ? Object.keys(sheets[0].parts) : [];
  const table = $("sheet");
  table.replaceChildren();
  const head = table.createTHead().insertRow();
  for (const word of ["Seat", ...parts, "Total"]) head.append(element("th", word));
  const body = table.createTBody();
  for (const sheet of sheets) {
    const row = body.insertRow();
    row.insertCell().textContent = seatName(data, sheet.seat) +
      (data.winners.includes(sheet.seat) ? " (wins)" : "");
    for (const part of parts) row.insertCell().textContent = sheet.parts[part];
    row.insertCell().textContent = sheet.total;
  }
  $("rematch").hidden = data.seat === null;
  $("rematch").textContent = data.rematch ? "Join the rematch" : "Rematch (same players)";
}

async function rematch() {
  const game = gameId();
  try {
    const joined = await api("POST", "/api/games/" + game + "/rematch", null, tokenOf(game));
    keepToken(joined.game, joined.token);
    location.hash = "game=" + joined.game;
  } catch (error) { say(error.message); }
}

function drawNotation() {
  const list = $("moves");
  list.replaceChildren();
  if (!view.legal_moves.length) {
    list.append(element("li", view.is_over ? "None: the game is over." : "Not your turn."));
    return;
  }
  const words = $("filter").value.trim().split(/\s+/).filter(Boolean);
  for (const legal of view.legal_moves) {
    if (!words.every((word) => legal.move.includes(word))) continue;
    const item = element("li");
    item.append(button(legal.move, () => { pending = {label: legal.move, move: legal.move}; drawDecision(); },
      {class: "move"}));
    list.append(item);
  }
}

// --- the decision: walking the library's tree of questions -------------------------------

function question() {
  let asked = !sent && view && view.decision && view.decision.question;
  for (const answer of path) asked = asked && answer.then;
  return asked || null;
}

function choose(answer) {
  say("");
  if (answer.move) pending = answer;
  else { path.push(answer); turn = 0; }
  drawDecision();
  showMarks();
}

function back() {
  if (pending) pending = null;
  else path.pop();
  turn = 0;
  drawDecision();
}

function send() {
  if (!pending) return;
  socket.send(JSON.stringify({type: "move", move: pending.move, number: view.moves}));
  sent = true;
  drawDecision();
}

function drawDecision() {
  clearMarks();
  const asked = question();
  $("decide").hidden = !asked;
  if (!asked) return;
  const root = view.decision.question;
  drawHand(root);
  const rotating = !pending && asked.kind === "rotation";
  $("rotate").hidden = !rotating;
  $("confirm").hidden = !pending;
  $("back").hidden = !pending && !path.length;
  $("choices").replaceChildren();
  if (pending) {
    $("hint").textContent = "";
    $("prompt").textContent = "Play this? " + pending.label;
    $("pending").textContent = pending.move;
    const square = asked.kind === "rotation" ? asked.square : pending.square;
    const clicked = pending.value !== undefined;  // not a pick from the notation list
    if (clicked && /^(place|overbuild) /.test(pending.move)) preview(square, pending.move);
    else if (clicked && pending.square) mark(pending, "chosen");
    $("confirm-button").focus();
    return;
  }
  $("prompt").textContent = asked.prompt;
  $("hint").textContent = hint(asked);
  if (rotating) {
    const answer = asked.answers[turn];
    $("prompt").textContent = asked.prompt + " " + answer.label + " (" + (turn + 1) + " of " +
      asked.answers.length + ")";
    preview(asked.square, answer.move || (answer.then && firstMove(answer.then)));
    pick({square: asked.square, label: "Place it " + answer.label}, () => choose(answer))
      .classList.add("turning");  // the preview shows through
    return;
  }
  if (asked.square) mark(asked, "asked");
  const onBoard = asked.kind !== "hand_tile" || path.length;
  for (const answer of asked.answers) {
    if (answer.square && onBoard) pick(answer, () => choose(answer));
    else if (asked.kind !== "hand_tile") {
      $("choices").append(button(answer.label, () => choose(answer), {class: "answer"}));
    }
  }
}

function hint(asked) {
  // How this question is answered: on the board, by the buttons below, or by a hand tile.
  if (asked.kind === "hand_tile" && !path.length) return "Choose a tile of your hand.";
  if (asked.kind === "rotation") return "Turn it with R and Shift+R (or the buttons), then " +
    "click the tile or press Place.";
  if (asked.answers.some((answer) => answer.side)) return "Click a red edge on the board " +
    "(or Tab to it and press Enter).";
  if (asked.answers.some((answer) => answer.square)) return "Click a lit square on the board " +
    "(or Tab to it and press Enter).";
  return "Choose one of the answers below.";
}

function drawHand(root) {
  const hand = $("hand");
  hand.replaceChildren();
  if (root.kind !== "hand_tile") return;
  const chosen = path.length ? path[0] : null;
  for (const answer of root.answers) {
    const tile = button("", () => { path = []; pending = null; choose(answer); },
      {class: "tile" + (chosen === answer ? " chosen" : ""), "aria-label": answer.label,
       "aria-pressed": String(chosen === answer), title: answer.label});
    const code = answer.value.match(/^(\d)-(\d)-(\d)-(\d)$/);
    if (code) tile.append(tilePicture(code.slice(1).map(Number), view.seat, 0, 0, 0));
    const held = (view.observation.players[view.seat].hand || []).filter((t) => t === answer.value);
    tile.append(element("span", (code ? answer.value : answer.label) +
      (held.length > 1 ? " ×" + held.length : "")));
    hand.append(tile);
  }
}

// --- marks on the board: the library's picture, with this page's layer on top -------------

function boardSvg() { return $("board").querySelector("svg"); }

function squareAt(square) {
  const area = boardSvg().querySelector("rect.board-area");
  const [left, top] = area.dataset.first.split(",").map(Number);
  return [Number(area.getAttribute("x")) + (square[0] - left) * SQUARE,
    Number(area.getAttribute("y")) + (square[1] - top) * SQUARE];
}

function layer() {
  const svg = boardSvg();
  let group = svg.querySelector("g#marks");
  if (!group) {
    group = document.createElementNS(SVG, "g");
    group.id = "marks";
    svg.append(group);
  }
  return group;
}

function clearMarks() {
  const svg = boardSvg();
  const group = svg && svg.querySelector("g#marks");
  if (group) group.replaceChildren();
}

function shape(tag, attributes) {
  const made = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  return made;
}

const EDGE_POINTS = {  // a band along each side, clear of the seat number in the middle
  N: [[0, 0], [1, 0], [0.7, 0.34], [0.3, 0.34]], E: [[1, 0], [1, 1], [0.66, 0.7], [0.66, 0.3]],
  S: [[1, 1], [0, 1], [0.3, 0.66], [0.7, 0.66]], W: [[0, 1], [0, 0], [0.34, 0.3], [0.34, 0.7]],
};

function area(answer, className) {
  const [x, y] = squareAt(answer.square);
  if (!answer.side) {
    return shape("rect", {x: x + 2, y: y + 2, width: SQUARE - 4, height: SQUARE - 4, rx: 6, class: className});
  }
  const points = EDGE_POINTS[answer.side].map(([dx, dy]) => (x + dx * SQUARE) + "," + (y + dy * SQUARE));
  return shape("polygon", {points: points.join(" "), class: className + " edge"});
}

function mark(answer, className) {
  if (boardSvg() && answer.square) layer().append(area(answer, className));
}

function pick(answer, onpick) {
  if (!boardSvg()) return;
  const target = area(answer, "pick");
  target.setAttribute("tabindex", "0");
  target.setAttribute("role", "button");
  target.setAttribute("aria-label", answer.label);
  target.append(shape("title", {}));
  target.lastChild.textContent = answer.label;
  target.addEventListener("click", onpick);
  target.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); onpick(); }
  });
  layer().append(target);
  return target;
}

function tilePicture(edges, seat, x, y, quarter) {
  // A worker tile as printed (edges north, east, south, west), turned `quarter` times
  // clockwise: the turn a rotation answer's value names (r0 to r3).
  const svg = shape(x === 0 && y === 0 && quarter === 0 ? "svg" : "g",
    {class: "worker-preview seat-" + seat});
  if (svg.tagName === "svg") {
    svg.setAttribute("viewBox", "0 0 " + SQUARE + " " + SQUARE);
    svg.setAttribute("aria-hidden", "true");
  } else {
    svg.setAttribute("transform", "translate(" + x + "," + y + ") rotate(" + 90 * quarter + " " +
      SQUARE / 2 + " " + SQUARE / 2 + ")");
  }
  svg.append(shape("rect", {x: 2, y: 2, width: SQUARE - 4, height: SQUARE - 4, rx: 5, class: "face"}));
  edges.forEach((count, side) => {
    for (let n = 0; n < count; n++) {
      const along = SQUARE / 2 + (n - (count - 1) / 2) * 10;
      const [cx, cy] = [[along, 8], [SQUARE - 8, along], [SQUARE - along, SQUARE - 8],
        [8, SQUARE - along]][side];
      svg.append(shape("circle", {cx, cy, r: 3.6, class: "worker-dot"}));
    }
  });
  return svg;
}

function preview(square, move) {
  // The worker tile a placement's notation names (`place 2-1-0-1 1,0 r3`), drawn on
  // `square` turned as it says; the square outlined.
  if (!boardSvg() || !square) return;
  const placed = (move || "").match(/^(?:place|overbuild) (\d)-(\d)-(\d)-(\d) \S+ r(\d)$/);
  if (placed) {
    const [x, y] = squareAt(square);
    const numbers = placed.slice(1).map(Number);
    layer().append(tilePicture(numbers.slice(0, 4), view.seat, x, y, numbers[4]));
  }
  layer().append(area({square}, "chosen"));
}

function firstMove(asked) {
  // The move of the first path down from `asked` (its tile and turn are the answer's).
  let answer = asked.answers[0];
  while (!answer.move) answer = answer.then.answers[0];
  return answer.move;
}

function rotate(step) {
  const asked = question();
  if (pending || !asked || asked.kind !== "rotation") return;
  const count = asked.answers.length;
  turn = (turn + step + count) % count;
  drawDecision();
}

// --- the picture: the board as large as the window allows, the rest folded beside it ------

const MIN_SQUARE = 34;  // pixels: a square still readable and big enough to touch
const MAX_SQUARE = 88;  // pixels: an early board is not blown up beyond this
let zoomed = 1;         // the person's zoom over the fitted size (the buttons)

function splitPicture(markup) {
  // The library draws one picture, the board beside the panels (the display, the supplies,
  // each player's village). The page shows the board alone, as large as fits, and the
  // panels in a fold of their own: two copies of the picture, each cropped to its part.
  $("board").innerHTML = markup;  // the library's SVG of this seat's view
  const svg = boardSvg();
  const panels = svg.cloneNode(true);
  const board = svg.querySelector("g.board");
  const rest = [...svg.children].filter((part) => part !== board &&
    !["style", "defs"].includes(part.tagName) && !part.classList.contains("background"));
  crop(svg, [board]);
  crop(panels, rest);  // measured here, where the picture is drawn (the fold may be shut)
  for (const part of rest) part.remove();
  panels.querySelector("g.board").remove();
  panels.removeAttribute("width");
  panels.removeAttribute("height");
  $("panels").replaceChildren(panels);
  fitBoard();
}

function crop(svg, parts) {
  // Show of `svg` only the box around `parts` (drawn elements of the picture on the page).
  const boxes = parts.map((part) => part.getBBox()).filter((box) => box.width || box.height);
  const left = Math.min(...boxes.map((box) => box.x)) - 4;
  const top = Math.min(...boxes.map((box) => box.y)) - 4;
  const width = Math.max(...boxes.map((box) => box.x + box.width)) + 4 - left;
  const height = Math.max(...boxes.map((box) => box.y + box.height)) + 4 - top;
  svg.setAttribute("viewBox", [left, top, width, height].join(" "));
  svg.dataset.size = width + " " + height;
}

function fitBoard() {
  // The square size that shows the whole board in the room the window leaves (never under
  // MIN_SQUARE: a larger board scrolls instead), times the person's zoom.
  const svg = boardSvg();
  if (!svg || !svg.dataset.size) return;
  const [width, height] = svg.dataset.size.split(" ").map(Number);
  const holder = $("board");
  const narrow = window.innerWidth < 900;
  const room = narrow ? window.innerHeight * 0.62 :
    window.innerHeight - holder.getBoundingClientRect().top - window.scrollY - 12;
  holder.style.maxHeight = Math.max(room, 200) + "px";
  const fit = Math.min(holder.clientWidth / width, Math.max(room, 200) / height) * SQUARE;
  const square = Math.max(MIN_SQUARE, Math.min(MAX_SQUARE, fit)) * zoomed;
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.style.maxWidth = "none";  // the picture's own style fits it to its box: it scrolls here
  svg.style.width = Math.round(width * square / SQUARE) + "px";
  svg.style.height = Math.round(height * square / SQUARE) + "px";
}

function showMarks() {
  // A board larger than its box scrolls to what the person must see: the squares or edges
  // of the question, else the last turn (only when it is out of sight, not to fight the
  // person's own scrolling).
  const holder = $("board");
  if (holder.scrollWidth <= holder.clientWidth && holder.scrollHeight <= holder.clientHeight) return;
  const target = holder.querySelector("g#marks .pick, g#marks .asked, g#marks .chosen, .last-move");
  if (!target) return;
  const box = holder.getBoundingClientRect();
  const spot = target.getBoundingClientRect();
  if (spot.left >= box.left && spot.right <= box.right && spot.top >= box.top &&
    spot.bottom <= box.bottom) return;
  holder.scrollLeft += spot.left + spot.width / 2 - (box.left + box.width / 2);
  holder.scrollTop += spot.top + spot.height / 2 - (box.top + box.height / 2);
}

function zoom(step) {
  zoomed = step ? Math.min(3, Math.max(0.5, zoomed * step)) : 1;
  fitBoard();
}

function keys(event) {
  if (event.target.tagName === "INPUT" || $("table").hidden) return;
  if (event.key === "r" || event.key === "R") { rotate(event.shiftKey ? -1 : 1); event.preventDefault(); }
  else if (event.key === "Escape") back();
  else if (event.key.startsWith("Arrow") && event.target.classList &&
    event.target.classList.contains("pick")) {
    const picks = [...document.querySelectorAll(".pick")];
    const step = event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : -1;
    picks[(picks.indexOf(event.target) + step + picks.length) % picks.length].focus();
    event.preventDefault();
  }
}

function route() {
  say("");
  const game = gameId();
  if (!game) return lobby();
  if (hashParams().get("watch") === "1") return connect(game, null);
  const token = tokenOf(game) || sessionStorage.getItem("cacao-token-" + game);
  if (!token) return joinPage(game);
  connect(game, token);
}

document.addEventListener("DOMContentLoaded", () => {
  $("players").addEventListener("change", seatRows);
  $("create").addEventListener("submit", create);
  $("big-game").addEventListener("change", bigGame);
  $("join-form").addEventListener("submit", join);
  $("filter").addEventListener("input", drawNotation);
  $("turn-left").addEventListener("click", () => rotate(-1));
  $("turn-right").addEventListener("click", () => rotate(1));
  $("put").addEventListener("click", () => { const asked = question(); choose(asked.answers[turn]); });
  $("confirm-button").addEventListener("click", send);
  $("cancel-button").addEventListener("click", back);
  $("back").addEventListener("click", back);
  $("rematch").addEventListener("click", rematch);
  $("zoom-in").addEventListener("click", () => zoom(1.25));
  $("zoom-out").addEventListener("click", () => zoom(0.8));
  $("zoom-fit").addEventListener("click", () => zoom(0));
  window.addEventListener("resize", fitBoard);
  document.addEventListener("keydown", keys);
  $("table-details").open = window.innerWidth >= 900;  // folded on a phone
  window.addEventListener("hashchange", route);
  setInterval(tick, 1000);
  route();
});
