// Reloads a page when what it shows changes on the server, without inline scripts (the site's
// Content-Security-Policy allows scripts from the site's own files only).
// An element with data-follow="<JSON URL>" names the fields to watch (data-follow-fields, comma
// separated dotted paths such as "tournament.state,rounds.length") and their values when the page
// was rendered (data-follow-seen, joined with "/"); the page reloads when they differ.
(function () {
  document.querySelectorAll("[data-follow]").forEach(function (el) {
    var url = el.getAttribute("data-follow");
    var fields = (el.getAttribute("data-follow-fields") || "").split(",");
    var seen = el.getAttribute("data-follow-seen");
    var every = parseInt(el.getAttribute("data-follow-every") || "1000", 10);
    function pick(obj, path) {
      return path.split(".").reduce(function (o, k) { return o == null ? o : o[k]; }, obj);
    }
    setInterval(function () {
      fetch(url, { cache: "no-store" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (data) {
          if (!data) return;
          var now = fields.map(function (f) { return String(pick(data, f)); }).join("/");
          if (now !== seen) location.reload();
        })
        .catch(function () {});
    }, every);
  });
})();
