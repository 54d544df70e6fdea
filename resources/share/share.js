// The shared page: follows the fight through server-sent events from the GM's laptop.
// Every value is put in with textContent (never as markup), and nothing is ever sent
// back: the page only reads.
"use strict";

let stream = null;
let shown = 0;

function element(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

function wordsClass(words) {
  return "words words-" + words.replace(/\s+/g, "-");
}

function trackRow(track) {
  const row = element("div", "track");
  if (track.title) row.appendChild(element("div", "track-title", track.title));
  const boxes = element("div", "boxes");
  for (const box of track.boxes) {
    const cell = element("span", "box" + (box.kind ? " kind-" + box.kind.replace(/\s+/g, "-") : ""));
    cell.appendChild(element("span", "box-mark", box.mark || "\u00a0"));
    if (box.label) cell.appendChild(element("span", "box-label", box.label));
    if (box.kind) cell.title = box.kind;
    boxes.appendChild(cell);
  }
  row.appendChild(boxes);
  if (track.summary) row.appendChild(element("div", "track-summary", track.summary));
  return row;
}

function playerItem(player) {
  const item = element("li", "player");
  const line = element("div", "player-line");
  line.appendChild(element("span", "name", player.name));
  if (player.figures) line.appendChild(element("span", "figures", player.figures));
  line.appendChild(element("span", wordsClass(player.words), player.words));
  item.appendChild(line);
  for (const track of player.tracks) item.appendChild(trackRow(track));
  return item;
}

function enemyItem(enemy) {
  const item = element("li", "enemy");
  item.appendChild(element("span", "name", enemy.name));
  item.appendChild(element("span", wordsClass(enemy.words), enemy.words));
  return item;
}

function fill(list, items, make) {
  list.replaceChildren(...items.map(make));
}

function show(state) {
  shown += 1;
  document.documentElement.dataset.theme = state.theme;
  document.getElementById("heading").textContent = state.heading || "Not started";
  document.getElementById("turn").textContent = state.turn ? "Turn: " + state.turn : "";
  document.getElementById("next").textContent = state.next ? "Next: " + state.next : "";
  fill(document.getElementById("players"), state.players, playerItem);
  fill(document.getElementById("enemies"), state.enemies, enemyItem);
  document.getElementById("enemies-title").hidden = state.enemies.length === 0;
  // A new address each time: the wheel is fetched again, never from a cache.
  document.getElementById("wheel").src = "wheel.svg?v=" + shown;
  document.body.dataset.shown = String(shown);
}

function say(text, live) {
  const status = document.getElementById("status");
  status.textContent = text;
  status.className = live ? "live" : "waiting";
}

function connect() {
  if (stream !== null) stream.close();
  stream = new EventSource("events");
  stream.onopen = () => say("Live", true);
  stream.onmessage = (event) => { show(JSON.parse(event.data)); say("Live", true); };
  // The browser reconnects by itself; past a refusal (the share stopped, a new link,
  // too many phones) it gives up and the page says so.
  stream.onerror = () => say(stream.readyState === EventSource.CLOSED
    ? "The share has stopped (or has a new link)" : "Reconnecting…", false);
}

// A phone that slept may have lost the stream for good: wake it up again.
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && (stream === null || stream.readyState === EventSource.CLOSED)) connect();
});
connect();
