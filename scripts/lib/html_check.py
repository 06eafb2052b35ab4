"""The checks of scripts/test-html.sh on pages as headless Chromium left them (--dump-dom, after their scripts
ran), one line each, VERDICT<TAB>WHAT (VERDICT ok when WHAT holds), for scripts/lib/check.sh's check_lines.

Usage, from the project's root:
  python3 scripts/lib/html_check.py report MARKDOWN DOM
      every chart of report.html drawn with each of its data points as an SVG element, and every table of the
      markdown in the page with the same figures cell for cell; the settings and warnings above the charts
  python3 scripts/lib/html_check.py compare MARKDOWN DOM JSON
      the checks of report on a comparison's page, what differed and the warnings above the charts, and each chart's
      points the changes of compare.json (JSON) with their intervals, each in the series of its verdict
  python3 scripts/lib/html_check.py index DOM FOLDER COMMAND RUN...
      index.html (of FOLDER) lists exactly the RUNs, its links to reports resolve, its comparison gives COMMAND
      and sets the two runs' figures side by side
  python3 scripts/lib/html_check.py without JAR ENTRY COPY
      not a check: writes COPY, JAR without ENTRY, for the test of a jar that lacks the chart library"""
import json
import math
import os
import re
import sys
import zipfile
from html.parser import HTMLParser

NUMBER = re.compile(r"-?\d[\d,]*(?:\.\d+)?")


class Page(HTMLParser):
    """What the checks read of a dumped page: the report's tables, the charts, the ids in document order, the
    runs' rows and links, the comparison's command and rows."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tables, self.charts, self.order = [], [], []
        self.runs, self.links, self.side_rows, self.command = [], [], [], None
        self.picks, self.chart_data = [], None
        self.in_main = self.in_chart = self.in_side = self.in_runs = False
        self.cell = self.capture = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.order.append(a["id"])
        if tag == "main" and a.get("id") == "report":
            self.in_main = True
        elif tag == "figure" and "chart" in a.get("class", "").split():
            self.in_chart = True
            self.charts.append({"points": a.get("data-points"), "drawn": a.get("data-drawn"), "svg": 0,
                                "elements": 0, "title": ""})
        elif self.in_chart and tag == "svg":
            self.charts[-1]["svg"] += 1
        elif self.in_chart and self.charts[-1]["svg"] and tag in ("path", "rect", "circle"):
            self.charts[-1]["elements"] += 1
        elif self.in_chart and tag == "figcaption":
            self.capture = ("caption", [])
        elif tag == "section" and a.get("id") == "runs":
            self.in_runs = True
        elif self.in_runs and tag == "tr" and "data-run" in a:
            self.runs.append(a["data-run"])
        elif self.in_runs and tag == "a":
            self.links.append(a.get("href", ""))
        elif tag == "table" and a.get("id") == "side-by-side":
            self.in_side = True
        elif tag == "code" and a.get("id") == "command":
            self.capture = ("command", [])
        elif tag == "script" and a.get("id") == "chart-data":
            self.capture = ("chart-data", [])
        elif tag == "option":
            self.picks.append(a.get("value"))
        if tag == "table" and self.in_main:
            self.tables.append([])
        elif tag == "tr" and self.in_main and self.tables:
            self.tables[-1].append([])
        elif tag == "tr" and self.in_side:
            self.side_rows.append([])
        elif tag in ("td", "th") and (self.in_main or self.in_side):
            self.cell = []

    def handle_endtag(self, tag):
        if tag == "main":
            self.in_main = False
        elif tag == "figure":
            self.in_chart = False
        elif tag == "section":
            self.in_runs = False
        elif tag == "table":
            self.in_side = False
        elif tag in ("td", "th") and self.cell is not None:
            text = "".join(self.cell).strip()
            if self.in_main and self.tables and self.tables[-1]:
                self.tables[-1][-1].append(text)
            elif self.in_side and self.side_rows:
                self.side_rows[-1].append(text)
            self.cell = None
        elif self.capture and tag in ("figcaption", "code", "script"):
            kind, parts = self.capture
            if kind == "caption":
                self.charts[-1]["title"] = "".join(parts)
            elif kind == "chart-data":
                self.chart_data = json.loads("".join(parts))
            else:
                self.command = "".join(parts)
            self.capture = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)
        if self.capture:
            self.capture[1].append(data)


def read(dom):
    page = Page()
    page.feed(open(dom, encoding="utf-8").read())
    return page


def markdown_tables(path):
    """The tables of a markdown file as GitHub reads them: a header row, a delimiter row, rows; each cell's text
    with links' targets and escapes left out, as the page shows it."""
    tables, lines, fenced = [], [], False
    for line in open(path, encoding="utf-8").read().split("\n") + [""]:
        if line.startswith("```"):
            fenced = not fenced
        if not fenced and line.startswith("|"):
            lines.append(line)
            continue
        if len(lines) >= 2 and re.fullmatch(r"\|(\s*:?-+:?\s*\|)+", lines[1].strip()):
            tables.append([cells(row) for row in [lines[0]] + lines[2:]])
        lines = []
    return tables


def cells(row):
    parts = re.split(r"(?<!\\)\|", row.strip())[1:-1]
    return [re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", part).replace("\\|", "|").strip() for part in parts]


def figures(tables):
    return [[[NUMBER.findall(cell) for cell in row] for row in table] for table in tables]


def say(ok, what):
    print(f"{'ok' if ok else 'FAIL'}\t{what}")


def report(markdown, dom):
    page = read(dom)
    expected, found = figures(markdown_tables(markdown)), figures(page.tables)
    say(len(expected) > 0, f"{markdown} has tables ({len(expected)})")
    first = next((i for i, (a, b) in enumerate(zip(expected, found)) if a != b), None)
    say(len(expected) == len(found) and first is None,
        f"the page's {len(found)} tables hold {markdown}'s {len(expected)} with the same figures cell for cell"
        + ("" if first is None else f" (table {first + 1} differs: {expected[first][:3]} against {found[first][:3]})"))
    say(len(page.charts) > 0, f"the page has charts ({len(page.charts)})")
    for i, chart in enumerate(page.charts):
        points, drawn = chart["points"], chart["drawn"]
        say(points is not None and points.isdigit() and int(points) > 0 and drawn == points and chart["svg"] == 1
            and chart["elements"] >= int(points),
            f"chart {i} '{chart['title']}': {drawn} of {points} data points drawn, as SVG "
            f"({chart['elements']} elements)")
    order = page.order
    say("warnings" in order and "settings" in order and "charts" in order
        and order.index("warnings") < order.index("charts") and order.index("settings") < order.index("charts"),
        "the run's warnings and settings are above the charts")


def compare(markdown, dom, compare_json):
    report(markdown, dom)
    page, written = read(dom), json.load(open(compare_json, encoding="utf-8"))
    order = page.order
    say("differences" in order and "warnings" in order
        and order.index("differences") < order.index("warnings") < order.index("charts"),
        "what differed, then the warnings, above the charts")
    charts = page.chart_data or []
    say(len(charts) == len(written["comparisons"]),
        f"a chart for each run against BASE ({len(charts)} for {len(written['comparisons'])})")
    for chart, comparison in zip(charts, written["comparisons"]):
        points = {}
        for series in chart["series"]:
            for category, value, interval in zip(chart["categories"], series["data"], series["ranges"]):
                if value is not None:
                    points[category] = (series["name"], value, interval)
        expected = {}
        for row in comparison["rows"]:
            if row["change_percent"] is None:
                continue
            low, high = row["interval_percent"]
            bounded = row["verdict"] != "too few" and low is not None and high is not None
            expected[f"{row['variant']} · {row['label']}"] = (row["verdict"], row["change_percent"],
                                                            [low, high] if bounded else None)
        wrong = [category for category in expected if category not in points
                 or not same_point(points[category], expected[category])]
        say(len(expected) > 0 and not wrong and len(points) == len(expected),
            f"chart '{chart['title']}': its {len(points)} points are compare.json's {len(expected)} changes, each "
            f"with its interval in its verdict's series" + (f" (wrong: {wrong[:3]})" if wrong else ""))


def close(a, b):
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def same_point(found, expected):
    (series, value, interval), (verdict, change, bounds) = found, expected
    return (series == verdict and close(value, change) and (interval is None) == (bounds is None)
            and (bounds is None or all(close(a, b) for a, b in zip(interval, bounds))))


def index(dom, folder, command, runs):
    page = read(dom)
    say(sorted(page.runs) == sorted(runs), f"the index lists the runs {sorted(runs)} (it lists {sorted(page.runs)})")
    missing = [link for link in page.links if not os.path.exists(os.path.join(folder, link.replace("%20", " ")))]
    say(len(page.links) >= len(runs) and not missing,
        f"its {len(page.links)} links to reports resolve" + (f" (missing: {missing})" if missing else ""))
    say(page.command == command, f"the comparison's command is '{command}' (it is '{page.command}')")
    picked = sorted(set(page.picks))
    say(picked and not [run for run in picked if run.startswith("compare")],
        f"its picker offers runs and no comparison ({picked})")
    rows = page.side_rows[1:]
    say(len(rows) > 0 and all(len(row) == 6 and NUMBER.search(row[3]) and NUMBER.search(row[4]) for row in rows),
        f"the figures both runs hold side by side ({len(rows)} rows, each with both)")


def without(jar, entry, copy):
    with zipfile.ZipFile(jar) as source, zipfile.ZipFile(copy, "w", zipfile.ZIP_DEFLATED) as target:
        for item in source.infolist():
            if item.filename != entry:
                target.writestr(item, source.read(item.filename))


if __name__ == "__main__":
    mode, args = sys.argv[1], sys.argv[2:]
    if mode == "report":
        report(*args)
    elif mode == "compare":
        compare(*args)
    elif mode == "index":
        index(args[0], args[1], args[2], args[3:])
    elif mode == "without":
        without(*args)
    else:
        sys.exit(f"html_check.py: no mode '{mode}'")
