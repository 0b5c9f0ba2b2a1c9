// Games in play, progressively: without this file every move is a form post and the pages of a
// game and a round reload themselves.
(function () {
  "use strict";
  if (!window.fetch) {
    return;
  }

  // Swaps the page's main content for the same page as the server draws it now: the board,
  // the moves, the result, every word in the reader's language.
  function redraw(url) {
    return window.fetch(url, { cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        return response.ok ? response.text() : null;
      })
      .then(function (text) {
        if (!text) {
          return;
        }
        var fresh = new DOMParser().parseFromString(text, "text/html").querySelector("main");
        var main = document.querySelector("main");
        if (fresh && main) {
          main.innerHTML = fresh.innerHTML;
        }
      });
  }

  // The board a game is played on: a tapped hole is sent as JSON with the ply it plays.
  // Moves are kept in the browser until the server took them, and sent in order: a move that
  // could not be sent (the venue's Wi-Fi dropped) is sent again when the connection is back,
  // and since a move names its ply, sending it twice changes nothing.
  var form = document.getElementById("live-board");
  if (form) {
    var base = form.getAttribute("data-base");
    var key = "kiela-moves:" + base;
    var sending = false;
    var queue = [];
    try {
      queue = JSON.parse(window.localStorage.getItem(key) || "[]");
    } catch (e) {
      queue = [];
    }
    var save = function () {
      try {
        window.localStorage.setItem(key, JSON.stringify(queue));
      } catch (e) {}
    };
    var status = function (text) {
      var line = document.getElementById("live-status");
      if (line) {
        line.textContent = text;
      }
    };
    var board = function () {
      return document.getElementById("live-board");
    };
    var served = function () {
      var b = board();
      return b ? parseInt(b.getAttribute("data-ply"), 10) || 0 : 0;
    };
    // While moves wait, every hole can be tapped: the board the phone shows is behind, and the
    // server checks each move when it arrives.
    var openAll = function () {
      var b = board();
      if (!b) {
        return;
      }
      Array.prototype.forEach.call(b.querySelectorAll("td.hole span.well"), function (well) {
        var cell = well.parentNode;
        var button = document.createElement("button");
        button.type = "submit";
        button.name = "play";
        button.value = cell.getAttribute("data-hole");
        button.className = "well playable";
        while (well.firstChild) {
          button.appendChild(well.firstChild);
        }
        cell.replaceChild(button, well);
      });
    };
    var send = function () {
      if (sending || queue.length === 0) {
        return;
      }
      sending = true;
      var next = queue[0];
      status(document.getElementById("live-status").getAttribute("data-waiting"));
      // A Wi-Fi that drops mid-request leaves the request hanging rather than failing: past
      // ten seconds the move is taken as not sent, and sent again.
      var abort = window.AbortController ? new window.AbortController() : null;
      var timer = abort ? window.setTimeout(function () { abort.abort(); }, 10000) : null;
      window.fetch(base + "/moves", {
        method: "POST",
        credentials: "same-origin",
        signal: abort ? abort.signal : undefined,
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ ply: next.ply, move: next.move })
      })
        .then(function (response) {
          return response.json().then(function (body) {
            return { status: response.status, body: body };
          });
        })
        .then(function (answer) {
          sending = false;
          window.clearTimeout(timer);
          if (answer.status >= 500 || answer.status === 429) {
            throw new Error("later");
          }
          queue.shift();
          save();
          var line = document.getElementById("live-status");
          var said = answer.status === 200
            ? line.getAttribute("data-sent").replace("#", String(answer.body.ply))
            : (answer.body.error && answer.body.error.message) || "";
          if (answer.status !== 200) {
            // Refused: the moves sent after it were played on a board that is not the game's.
            queue = [];
            save();
          }
          return redraw(base + "/play").then(function () {
            status(said);
            send();
          });
        })
        .catch(function () {
          sending = false;
          window.clearTimeout(timer);
          var line = document.getElementById("live-status");
          status(line.getAttribute("data-offline") + " " + queue.length);
          openAll();
          window.setTimeout(send, 3000);
        });
    };
    document.addEventListener("submit", function (event) {
      var target = event.target;
      if (!target || target.id !== "live-board") {
        return;
      }
      var button = event.submitter;
      if (!button || button.name !== "play") {
        return;
      }
      event.preventDefault();
      queue.push({ ply: served() + queue.length + 1, move: button.value });
      save();
      send();
    });
    window.addEventListener("online", send);
    send();
    // The other phone's moves: the board follows the game.
    if (window.EventSource) {
      var stream = new EventSource(base + "/stream");
      var follow = function (event) {
        var data = JSON.parse(event.data);
        if (!sending && queue.length === 0 && data.ply !== served()) {
          redraw(base + "/play");
        }
      };
      ["move", "takeback", "result"].forEach(function (name) {
        stream.addEventListener(name, follow);
      });
    }
    return;
  }

  // A board drawn by the server, updated from a position of the stream
  // (`r4/r3/r2/r1 S`, ten counts a rank, columns a to j).
  function setPosition(table, position, played) {
    var parts = position.split(" ");
    var ranks = parts[0].split("/");
    var stones = { S: 0, N: 0 };
    ranks.forEach(function (rank, i) {
      rank.split(",").forEach(function (count, column) {
        var name = "abcdefghij".charAt(column) + String(4 - i);
        var cell = table.querySelector('td[data-hole="' + name + '"]');
        if (!cell) {
          return;
        }
        stones[cell.classList.contains("south") ? "S" : "N"] += parseInt(count, 10) || 0;
        var shown = cell.querySelector(".count");
        if (shown) {
          shown.textContent = count;
        }
        var pebbles = cell.querySelector(".pebbles");
        if (pebbles) {
          pebbles.textContent = "";
          for (var n = 0; n < Math.min(parseInt(count, 10) || 0, 12); n += 1) {
            pebbles.appendChild(document.createElement("i"));
          }
        }
        cell.classList.remove("played", "sown", "relay", "last", "captured");
        if (name === played) {
          cell.classList.add("played");
        }
      });
    });
    // The stones of each side and who moves, beside the board.
    var figure = table.closest(".board-figure") || table.parentNode;
    var north = figure.querySelector(".stones-north");
    var south = figure.querySelector(".stones-south");
    var toMove = figure.querySelector(".to-move");
    if (north) {
      north.textContent = String(stones.N);
    }
    if (south) {
      south.textContent = String(stones.S);
    }
    if (toMove && parts[1]) {
      toMove.textContent = toMove.getAttribute(parts[1] === "S" ? "data-s" : "data-n");
    }
  }

  // A game's page, while the game is in play: it shows the new move as it comes (a reader who
  // went back to an earlier ply is left there).
  var gameStream = document.querySelector('meta[name="kiela-game-stream"]');
  if (gameStream && window.EventSource && !/[?&]ply=/.test(window.location.search)) {
    var shownPly = null;
    var source = new EventSource(gameStream.getAttribute("content"));
    source.addEventListener("state", function (event) {
      var data = JSON.parse(event.data);
      if (shownPly !== null && data.ply !== shownPly) {
        redraw(window.location.pathname + window.location.search);
      }
      shownPly = data.ply;
    });
    // The page drawn again in place (no reload): the board, the last move, the moves so far.
    ["move", "takeback", "result"].forEach(function (name) {
      source.addEventListener(name, function () {
        redraw(window.location.pathname + window.location.search);
      });
    });
  }

  // A round's live page: every board follows its game.
  var round = document.getElementById("live-round");
  if (round && window.EventSource) {
    var live = new EventSource(round.getAttribute("data-stream"));
    var section = function (id) {
      return round.querySelector('section[data-game="' + id + '"]');
    };
    var show = function (data, lastMove) {
      var game = section(data.game_id);
      if (!game) {
        return;
      }
      var table = game.querySelector("table.board");
      if (table && data.position) {
        setPosition(table, data.position, lastMove);
      }
      var ply = game.querySelector(".live-ply");
      if (ply && typeof data.ply === "number") {
        ply.textContent = ply.textContent.replace(/\d+/, String(data.ply));
      }
      var last = game.querySelector(".live-last");
      if (last && lastMove) {
        last.textContent = lastMove;
      }
      // A move means the game is in play; a state says what the game is.
      var state = game.querySelector(".live-state");
      var named = round.getAttribute("data-status-" + (data.status || "in_play"));
      if (state && !data.result && named && (data.status || lastMove)) {
        state.textContent = named;
      }
    };
    live.addEventListener("state", function (event) {
      var data = JSON.parse(event.data);
      show(data, data.last_move);
    });
    live.addEventListener("move", function (event) {
      var data = JSON.parse(event.data);
      show(data, data.move);
    });
    live.addEventListener("takeback", function (event) {
      show(JSON.parse(event.data), null);
    });
    live.addEventListener("result", function (event) {
      var data = JSON.parse(event.data);
      var game = section(data.game_id);
      var state = game && game.querySelector(".live-state");
      var named = round.getAttribute("data-status-" + data.status);
      // A game with a result: nobody is to move.
      var toMove = game && game.querySelector(".to-move-line");
      if (toMove && (data.result || data.status === "pending" || data.status === "final")) {
        toMove.parentNode.removeChild(toMove);
      }
      if (state && data.result) {
        state.textContent = data.status === "final" || !named ? data.result : data.result + " · " + named;
      } else if (state && named) {
        state.textContent = named;
      }
    });
  }
})();
