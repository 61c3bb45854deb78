/// The catalogue's style sheet and its search script: written by hand, no framework, no data inside.
package enum SiteAssets {
    /// Filters the index's rows by name and summary as one types, from `search-index.json` (until it
    /// has loaded, or when it cannot be, by each row's own text). Sets `data-search-ready` on
    /// `<body>` once the index is read.
    package static let script = """
        (function () {
          'use strict';
          var input = document.getElementById('search');
          var count = document.getElementById('count');
          if (!input || !count) { return; }
          var rows = Array.prototype.slice.call(document.querySelectorAll('#pods tbody tr'));
          var texts = {};
          rows.forEach(function (row) { texts[row.getAttribute('data-pod')] = row.textContent.toLowerCase(); });
          function apply() {
            var query = input.value.trim().toLowerCase();
            var shown = 0;
            rows.forEach(function (row) {
              var text = texts[row.getAttribute('data-pod')] || '';
              var match = query === '' || text.indexOf(query) !== -1;
              row.hidden = !match;
              if (match) { shown += 1; }
            });
            count.textContent = shown + (shown === 1 ? ' pod' : ' pods');
          }
          input.addEventListener('input', apply);
          fetch('search-index.json')
            .then(function (response) { return response.json(); })
            .then(function (index) {
              texts = {};
              index.pods.forEach(function (pod) {
                texts[pod.name] = (pod.name + '\\n' + pod.summary).toLowerCase();
              });
            })
            .catch(function () {})
            .then(function () {
              document.body.setAttribute('data-search-ready', 'true');
              apply();
            });
        })();

        """

    package static let style = """
        body { font: 15px/1.5 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 0; color: #1d1d1f; }
        header { display: flex; justify-content: space-between; align-items: center; padding: 0.6em 1.5em;
          background: #24292f; color: #fff; }
        header a { color: #fff; text-decoration: none; margin-left: 1em; }
        header a.home { font-weight: 600; margin-left: 0; }
        main { max-width: 60em; margin: 0 auto; padding: 1em 1.5em 3em; }
        h1 .version { color: #57606a; font-weight: normal; }
        a { color: #0969da; }
        #search { width: 100%; font-size: 1.1em; padding: 0.4em 0.6em; box-sizing: border-box; }
        #count, .totals, .none, footer { color: #57606a; }
        table { border-collapse: collapse; width: 100%; }
        th, td { text-align: left; padding: 0.3em 0.6em; border-bottom: 1px solid #d0d7de; vertical-align: top; }
        tr.deprecated td { color: #6e7781; }
        #pods td:nth-child(2), #pods td:nth-child(4), #versions td { white-space: nowrap; }
        .badge { font-size: 0.75em; padding: 0.1em 0.5em; border-radius: 1em; vertical-align: middle; }
        .badge.deprecated { background: #ffebe9; color: #cf222e; border: 1px solid #ff8182; }
        .deprecation { background: #ffebe9; padding: 0.5em 0.8em; border-left: 4px solid #cf222e; }
        .requirement { color: #57606a; font-family: ui-monospace, monospace; }
        dl.facts { display: grid; grid-template-columns: max-content auto; gap: 0.2em 1em; }
        dl.facts dt { font-weight: 600; }
        dl.facts dd { margin: 0; }
        pre.readme { background: #f6f8fa; padding: 1em; overflow: auto; white-space: pre-wrap; }
        div.readme { border: 1px solid #d0d7de; border-radius: 6px; padding: 0.2em 1.2em; overflow-wrap: anywhere; }
        div.readme pre { background: #f6f8fa; padding: 1em; overflow: auto; border-radius: 6px; }
        div.readme code { font-family: ui-monospace, monospace; font-size: 0.9em; }
        div.readme :not(pre) > code { background: #eff1f3; padding: 0.1em 0.3em; border-radius: 4px; }
        div.readme img { max-width: 100%; }
        div.readme blockquote { margin-left: 0; padding-left: 1em; border-left: 4px solid #d0d7de; color: #57606a; }
        div.readme table { border-collapse: collapse; }
        div.readme th, div.readme td { border: 1px solid #d0d7de; padding: 0.3em 0.6em; }
        object#graph { max-width: 100%; }
        footer { text-align: center; padding: 1em; font-size: 0.85em; }

        """
}
