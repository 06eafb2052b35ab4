// index.html's comparison: two runs picked among those with a report, comparisons left out (at first the newest and
// the newest before it of the same kind, or those the URL's #base=A&new=B names), the headline figures both hold side
// by side, and the scripts/compare.sh command that compares them properly. Logs nothing: a console message from the page is a defect.
(function () {
  'use strict';
  var runs = JSON.parse(document.getElementById('runs-data').textContent).filter(function (run) {
    return run.comparable;
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
    var before = {};
    a.figures.forEach(function (figure) {
      before[figure.group + '\u0000' + figure.name] = figure.value;
    });
    var common = b.figures.filter(function (figure) {
      return (figure.group + '\u0000' + figure.name) in before;
    });
    var body = document.querySelector('#side-by-side tbody');
    body.textContent = '';
    common.forEach(function (figure) {
      var row = document.createElement('tr');
      var base = before[figure.group + '\u0000' + figure.name];
      cell(row, figure.group);
      cell(row, figure.name);
      cell(row, figure.unit);
      cell(row, number.format(base));
      cell(row, number.format(figure.value));
      cell(row, base !== 0 ? number.format(figure.value / base) : '–');
      body.appendChild(row);
    });
    document.getElementById('in-common').textContent = common.length === 0
      ? 'No headline figure in common: the two runs measured different things.'
      : common.length + ' headline figures in common.';
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
  var sameKind = runs.slice(1).filter(function (run) { return run.kind === runs[0].kind; })[0];
  base.value = byName(wanted.base) ? wanted.base : (sameKind || runs[1]).name;
  next.value = byName(wanted['new']) ? wanted['new'] : runs[0].name;
  base.addEventListener('change', render);
  next.addEventListener('change', render);
  render();
})();
