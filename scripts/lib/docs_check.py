"""The checks of scripts/test-docs.sh, one line each, VERDICT<TAB>WHAT (VERDICT ok when WHAT holds), for
scripts/lib/check.sh's check_lines: in each document given, every relative link resolves (the file exists and,
for a #anchor, so does the heading, by GitHub's rule for heading anchors), every scripts/... path named exists,
and every --option written after a script's name, in the same command, is one that script's --help prints.

Usage: python3 scripts/lib/docs_check.py HELPS DOC...; HELPS is a folder holding NAME.sh.help, the output of
scripts/NAME.sh --help, for every script. Run from the project's root."""
import os
import re
import sys


def slug(heading):
    # GitHub: lower case, drop what is not a letter, digit, space, hyphen or underscore, spaces to hyphens.
    text = re.sub(r"[`*_]{1,2}(?=\S)|(?<=\S)[`*_]{1,2}", "", heading.strip()).lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path):
    seen, found, fenced = {}, set(), False
    for line in open(path, encoding="utf-8"):
        if line.startswith("```"):
            fenced = not fenced
        match = None if fenced else re.match(r"#{1,6} +(.*?) *#*$", line.rstrip("\n"))
        if match:
            base = slug(match.group(1))
            n = seen.get(base, 0)
            seen[base] = n + 1
            found.add(base if n == 0 else f"{base}-{n}")
    return found


def main(helps, docs):
    for doc in docs:
        text = open(doc, encoding="utf-8").read()
        here = os.path.dirname(doc)
        for target in sorted(set(re.findall(r"\]\(([^)\s]+)(?: \"[^\"]*\")?\)", text))):
            if re.match(r"[a-z]+:", target):
                continue
            path, _, anchor = target.partition("#")
            file = os.path.normpath(os.path.join(here, path)) if path else doc
            ok = os.path.exists(file) and (not anchor or not file.endswith(".md") or anchor in anchors(file))
            print(f"{'ok' if ok else 'broken'}\t{doc}: link {target} resolves")
        for script in sorted(set(re.findall(r"(?<![\w/.-])(scripts/[\w./-]+\.sh)", text))):
            print(f"{'ok' if os.path.isfile(script) else 'missing'}\t{doc}: {script} exists")
        # A command: the script's name, then its arguments up to the end of the line or of the code span.
        for script, args in sorted(set(re.findall(r"(?<![\w/.-])(scripts/[\w-]+\.sh)((?: +[^`\n|;&<>]*)?)", text))):
            options = re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]*)", args)
            if not options or not os.path.isfile(script):
                continue  # a missing script is reported above
            # Every script's --help is in HELPS: one missing is an error, not a reason to check nothing.
            help_text = open(os.path.join(helps, os.path.basename(script) + ".help"), encoding="utf-8").read()
            for option in sorted(set(options)):
                known = re.search(r"(?<![\w-])" + re.escape(option) + r"(?![\w-])", help_text) is not None
                print(f"{'ok' if known else 'unknown'}\t{doc}: {script} {option} is in its --help")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
