// index.html's comparison: two runs picked (the two newest at first, or those the URL's #base=A&new=B names),
// their headline figures side by side, and the scripts/compare.sh command that compares them properly. Logs
// nothing: a console message from the page is a defect.
(function () {
  'use strict';
  var runs = JSON.parse(document.getElementById('runs-data').textContent).filter(function (run) {
    return run.report !== null;
  });
  var base = document.getElementById('base');
  var next = document.getElementById('new');
  if (!base || !next || runs.length < 2) {
    return;
  }
  var number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

  function byName(name) {
    return runs.filter(function (run) { return run.name === name; })[0];
  }

  // A path as a POSIX shell reads it: quoted only when it must be.
  function shellWord(path) {
    return /^[A-Za-z0-9._\/-]+$/.test(path) ? path : "'" + path.replace(/'/g, "'\\''") + "'";
  }

  function cell(row, text, className) {
    var td = document.createElement('td');
    td.textContent = text;
    if (className) {
      td.className = className;
    }
    row.appendChild(td);
  }

  function render() {
    var a = byName(base.value);
    var b = byName(next.value);
    document.getElementById('command').textContent =
      'scripts/compare.sh ' + shellWord(a.path) + ' ' + shellWord(b.path);
    var rows = {};
    var order = [];
    [a, b].forEach(function (run, side) {
      run.figures.forEach(function (figure) {
        var key = figure.group + '\u0000' + figure.name;
        if (!rows[key]) {
          rows[key] = { figure: figure, values: [null, null] };
          order.push(key);
        }
        rows[key].values[side] = figure.value;
      });
    });
    var body = document.querySelector('#side-by-side tbody');
    body.textContent = '';
    order.forEach(function (key) {
      var row = document.createElement('tr');
      var entry = rows[key];
      var both = entry.values[0] !== null && entry.values[1] !== null && entry.values[0] !== 0;
      cell(row, entry.figure.group);
      cell(row, entry.figure.name);
      cell(row, entry.figure.unit);
      cell(row, entry.values[0] === null ? '–' : number.format(entry.values[0]));
      cell(row, entry.values[1] === null ? '–' : number.format(entry.values[1]));
      cell(row, both ? number.format(entry.values[1] / entry.values[0]) : '–');
      body.appendChild(row);
    });
    history.replaceState(null, '', '#base=' + encodeURIComponent(a.name) + '&new=' + encodeURIComponent(b.name));
  }

  runs.forEach(function (run) {
    [base, next].forEach(function (select) {
      var option = document.createElement('option');
      option.value = run.name;
      option.textContent = run.name + ' (' + run.kind + ', ' + run.started + ')';
      select.appendChild(option);
    });
  });
  var wanted = {};
  location.hash.replace(/^#/, '').split('&').forEach(function (pair) {
    var parts = pair.split('=');
    if (parts.length === 2) {
      wanted[parts[0]] = decodeURIComponent(parts[1]);
    }
  });
  base.value = byName(wanted.base) ? wanted.base : runs[1].name;
  next.value = byName(wanted['new']) ? wanted['new'] : runs[0].name;
  base.addEventListener('change', render);
  next.addEventListener('change', render);
  render();
})();
