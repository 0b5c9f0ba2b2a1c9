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
})();
