// Small progressive enhancements. Every flow works without this file.
(function () {
  "use strict";

  // Confirm destructive buttons that carry data-confirm.
  document.addEventListener("submit", function (event) {
    var button = event.submitter;
    var message = button && button.getAttribute("data-confirm");
    if (message && !window.confirm(message)) {
      event.preventDefault();
    }
  });

  function typing(target) {
    var tag = target && target.tagName;
    return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (target && target.isContentEditable);
  }

  // Replay: arrow keys step through the plies, Home and End jump to the ends.
  var nav = document.querySelector(".replay-nav");
  if (nav) {
    document.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) {
        return;
      }
      var rel = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[event.key];
      var link = rel && nav.querySelector('a[rel="' + rel + '"]');
      if (link) {
        event.preventDefault();
        window.location.assign(link.href + "#main");
      }
    });
  }

  // Replay: the last ply's sowing is walked hole by hole (the path the page marks), once when
  // the page opens and again on request. A reader can turn it off (remembered), and it never
  // runs for readers who ask their system for reduced motion.
  var board = document.querySelector(".replay table.board[data-path]");
  if (board) {
    var path = board.getAttribute("data-path").split(" ");
    var still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    var off = function () {
      try { return window.localStorage.getItem("kiela-animate") === "off"; } catch (e) { return false; }
    };
    var timer = null;
    var clear = function () {
      Array.prototype.forEach.call(board.querySelectorAll(".sowing"), function (cell) {
        cell.classList.remove("sowing");
      });
    };
    var sow = function () {
      window.clearTimeout(timer);
      clear();
      var step = 0;
      var next = function () {
        clear();
        if (step >= path.length) { return; }
        var cell = board.querySelector('td[data-hole="' + path[step] + '"]');
        if (cell) { cell.classList.add("sowing"); }
        step += 1;
        timer = window.setTimeout(next, 160);
      };
      next();
    };
    if (!still) {
      var figure = board.closest(".board-figure");
      var controls = document.createElement("p");
      controls.className = "no-print small";
      var again = document.createElement("button");
      again.type = "button";
      again.className = "secondary small";
      again.textContent = board.getAttribute("data-again");
      again.addEventListener("click", sow);
      var toggle = document.createElement("button");
      toggle.type = "button";
      toggle.className = "link small";
      var label = function () {
        toggle.textContent = board.getAttribute(off() ? "data-turn-on" : "data-turn-off");
      };
      toggle.addEventListener("click", function () {
        try { window.localStorage.setItem("kiela-animate", off() ? "on" : "off"); } catch (e) {}
        label();
        if (off()) { window.clearTimeout(timer); clear(); }
      });
      label();
      controls.appendChild(again);
      controls.appendChild(document.createTextNode(" "));
      controls.appendChild(toggle);
      figure.appendChild(controls);
      if (!off()) { sow(); }
    }
  }

  // While a round is running, an open public page reloads itself when the event changes.
  // The poll is one small JSON request; it pauses while the tab is hidden or a form is edited.
  var live = document.querySelector('meta[name="kiela-live"]');
  if (live && window.fetch) {
    var url = live.getAttribute("content");
    var version = live.getAttribute("data-version");
    var edited = false;
    document.addEventListener("input", function () {
      edited = true;
    });
    var poll = function () {
      if (document.hidden || edited || typing(document.activeElement)) {
        return;
      }
      window.fetch(url, { cache: "no-store", credentials: "same-origin" })
        .then(function (response) {
          return response.ok ? response.json() : null;
        })
        .then(function (state) {
          if (state && String(state.version) !== version) {
            window.location.reload();
          }
        })
        .catch(function () {});
    };
    window.setInterval(poll, 20000);
  }

  // A name typed into a field marked data-registry offers the registered players it may be
  // as the federation id field's suggestions (the field works without them: type the id).
  Array.prototype.forEach.call(document.querySelectorAll("input[data-registry]"), function (name) {
    var target = document.getElementById(name.getAttribute("data-registry"));
    var list = target && target.list;
    if (!list || !window.fetch) {
      return;
    }
    var timer = null;
    var asked = "";
    name.addEventListener("input", function () {
      window.clearTimeout(timer);
      timer = window.setTimeout(function () {
        var text = name.value.trim();
        if (text.length < 3 || text === asked) {
          return;
        }
        asked = text;
        window.fetch("/api/v1/registry?q=" + encodeURIComponent(text), { credentials: "omit" })
          .then(function (response) {
            return response.ok ? response.json() : null;
          })
          .then(function (found) {
            if (!found || asked !== text) {
              return;
            }
            while (list.firstChild) {
              list.removeChild(list.firstChild);
            }
            found.players.forEach(function (p) {
              var option = document.createElement("option");
              option.value = p.federation_id;
              option.label = [p.name, p.club, p.province].filter(Boolean).join(" · ");
              list.appendChild(option);
            });
          })
          .catch(function () {});
      }, 250);
    });
  });

  // A link to copy (a player's personal link on the manage page): the button shows only where
  // the browser can copy, and says when it has.
  if (navigator.clipboard) {
    Array.prototype.forEach.call(document.querySelectorAll("button[data-copy]"), function (button) {
      button.hidden = false;
      button.addEventListener("click", function () {
        navigator.clipboard.writeText(button.getAttribute("data-copy")).then(function () {
          button.textContent = button.getAttribute("data-copied");
        });
      });
    });
  }
})();
