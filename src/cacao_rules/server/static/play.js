// The Cacao game page: create or join a game, then play it over the server's WebSocket.
// It speaks only the public API (docs/server.md); the seat's token stays in this tab's
// session storage. Everything from the server is put in the page as text, but the board,
// the library's SVG picture of this seat's observation.
"use strict";

const $ = (id) => document.getElementById(id);
const MODULES = ["map", "watering", "chocolate", "huts", "tree_of_life", "emperor",
  "new_workers", "gem_mines"];
let KINDS = ["human", "random", "greedy", "mcts:250ms"];  // and the operator's bots
let socket = null;
let view = null;
let lines = [];

function say(text) { $("error").textContent = text || ""; }

async function api(method, path, body, token) {
  const headers = {"Content-Type": "application/json"};
  if (token) headers.Authorization = "Bearer " + token;
  const answer = await fetch(path, {method, headers, body: body && JSON.stringify(body)});
  const data = await answer.json();
  if (!answer.ok) throw new Error(data.error || answer.statusText);
  return data;
}

function gameId() { return new URLSearchParams(location.hash.slice(1)).get("game"); }
function tokenOf(game) { return sessionStorage.getItem("cacao-token-" + game); }
function show(section) {
  for (const id of ["lobby", "join", "table"]) $(id).hidden = id !== section;
}

function seatRows() {
  const box = $("seat-kinds");
  box.querySelectorAll("label").forEach((label) => label.remove());
  for (let seat = 0; seat < Number($("players").value); seat++) {
    const label = document.createElement("label");
    label.textContent = "Seat " + seat + " ";
    const select = document.createElement("select");
    select.id = "seat-" + seat;
    for (const kind of KINDS) select.add(new Option(kind, kind));
    if (seat === 0) select.disabled = true;  // you
    label.append(select);
    box.append(label);
  }
}

let externalBots = null;  // the operator's external bots, asked for once

async function lobby() {
  show("lobby");
  if (externalBots === null) {
    try { externalBots = (await api("GET", "/api/players")).external; } catch (error) { externalBots = []; }
    KINDS = [...KINDS, ...externalBots];
  }
  const box = $("modules");
  if (!box.querySelector("input")) {
    for (const name of MODULES) {
      const label = document.createElement("label");
      const input = document.createElement("input");
      input.type = "checkbox";
      input.value = name;
      input.id = "module-" + name;
      label.append(input, " " + name.replaceAll("_", " "));
      box.append(label);
    }
  }
  seatRows();
}

async function create(event) {
  event.preventDefault();
  say("");
  const players = Number($("players").value);
  const seats = [];
  for (let seat = 0; seat < players; seat++) seats.push($("seat-" + seat).value);
  const modules = [...$("modules").querySelectorAll("input:checked")].map((i) => i.value);
  try {
    const game = await api("POST", "/api/games", {config: {players, modules}, seats});
    const joined = await api("POST", "/api/games/" + game.game + "/join",
      {name: $("create-name").value, seat: 0});
    sessionStorage.setItem("cacao-token-" + game.game, joined.token);
    location.hash = "game=" + game.game;
  } catch (error) { say(error.message); }
}

async function joinPage(game) {
  show("join");
  $("join-game").textContent = game;
  try {
    const info = await api("GET", "/api/games/" + game);
    const list = $("join-seats");
    list.replaceChildren();
    for (const seat of info.seats) {
      const item = document.createElement("li");
      item.textContent = "Seat " + seat.seat + ": " + (seat.name === null ? "free" :
        seat.name + (seat.player === "human" ? "" : " (bot)"));
      list.append(item);
    }
    $("join-button").disabled = info.status !== "open";
    if (info.status !== "open") say("This game has no free seat (" + info.status + ").");
  } catch (error) { say(error.message); }
}

async function join(event) {
  event.preventDefault();
  const game = gameId();
  try {
    const joined = await api("POST", "/api/games/" + game + "/join", {name: $("join-name").value});
    sessionStorage.setItem("cacao-token-" + game, joined.token);
    route();
  } catch (error) { say(error.message); }
}

function connect(game, token) {
  show("table");
  $("invite").textContent = "Others join at " + location.origin + "/#game=" + game;
  lines = [];
  $("events").replaceChildren();
  if (socket) socket.close();
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  socket = new WebSocket(scheme + location.host + "/api/games/" + game + "/socket");
  socket.onopen = () => socket.send(JSON.stringify({type: "hello", token, board: true}));
  socket.onmessage = (message) => {
    const data = JSON.parse(message.data);
    if (data.type === "error") { say(data.error); drawMoves(); }  // e.g. 409: choose again
    else if (data.type === "view") draw(data);
  };
  socket.onclose = (close) => {
    $("status").textContent = "disconnected" + (close.reason ? ": " + close.reason : "");
    if (close.code !== 1008) setTimeout(() => { if (gameId() === game) connect(game, token); }, 2000);
  };
}

function draw(data) {
  view = data;
  const you = data.seat;
  $("status").textContent = (data.names[you] || "") + ", seat " + you + " · " + data.status;
  $("waiting").textContent = data.to_move === you ? "Your turn: " + data.waiting : data.waiting;
  $("notices").replaceChildren(...(data.notices || []).map((text) => {
    const item = document.createElement("li");
    item.textContent = text;  // e.g. an external bot that broke down, and its stand-in
    return item;
  }));
  if (data.board) $("board").innerHTML = data.board;  // the library's SVG of this seat's view
  const hand = $("hand");
  hand.replaceChildren();
  for (const tile of data.observation.players[you].hand || []) {
    const item = document.createElement("li");
    item.textContent = "worker " + tile;
    hand.append(item);
  }
  const scores = $("scores");
  scores.replaceChildren();
  data.scores.forEach((score, seat) => {
    const row = scores.insertRow();
    if (seat === you) row.className = "you";
    row.insertCell().textContent = data.names[seat] || "seat " + seat;
    row.insertCell().textContent = score + " gold";
    if (data.winners && data.winners.includes(seat)) row.insertCell().textContent = "wins";
  });
  for (const line of data.lines) {
    const item = document.createElement("li");
    item.textContent = line;
    $("events").append(item);
  }
  $("events").scrollTop = $("events").scrollHeight;
  drawMoves();
  const over = data.is_over;
  $("score-note").textContent = over ? "(final)" : "(if the game ended now)";
  $("finished").hidden = !over;
  if (over) {
    $("record-link").href = "/api/games/" + data.game + "/record";
    $("replay-link").href = "/api/games/" + data.game + "/replay";
  }
}

function drawMoves() {
  const list = $("moves");
  list.replaceChildren();
  if (!view) return;
  if (!view.legal_moves.length) {
    const item = document.createElement("li");
    item.textContent = view.is_over ? "None: the game is over." : "Not your turn.";
    list.append(item);
    return;
  }
  const words = $("filter").value.trim().split(/\s+/).filter(Boolean);
  for (const legal of view.legal_moves) {
    if (!words.every((word) => legal.move.includes(word))) continue;
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.textContent = legal.move;
    button.className = "move";
    button.onclick = () => {
      say("");
      list.replaceChildren();
      socket.send(JSON.stringify({type: "move", action: legal.action, number: view.moves}));
    };
    item.append(button);
    list.append(item);
  }
}

function route() {
  say("");
  const game = gameId();
  if (!game) return lobby();
  const token = tokenOf(game);
  if (!token) return joinPage(game);
  connect(game, token);
}

document.addEventListener("DOMContentLoaded", () => {
  $("players").onchange = seatRows;
  $("create").onsubmit = create;
  $("join-form").onsubmit = join;
  $("filter").oninput = drawMoves;
  window.onhashchange = route;
  route();
});
