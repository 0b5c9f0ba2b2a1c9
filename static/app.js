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
})();
