#!/usr/bin/env python3
"""Fills the <!-- help: COMMAND --> … <!-- end help --> sections of a Markdown file with the real
`tagcloud COMMAND --help` output: description, usage, one option table per group, examples.

Usage: scripts/cli-doc.py .build/release/tagcloud docs/command-line.md [--check]
With --check it changes nothing and exits non-zero when the file is out of date with --help."""
import re, subprocess, sys

def help_text(binary, command):
    args = [binary] + ([command] if command else []) + ["--help"]
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout

def cell(s):
    return s.replace("|", "\\|")

def section(binary, command):
    text = help_text(binary, command)
    if "\nUsage:\n" not in text:
        return "```\n" + text.strip() + "\n```\n"
    lines = text.splitlines()
    intro, usage, examples, groups = [], [], [], []
    state, group = "intro", None
    for line in lines:
        header = re.match(r"^(\S[^:]*):$", line)
        if header:
            name = header.group(1)
            state = {"Usage": "usage", "Examples": "examples", "Example": "examples"}.get(name, "group")
            if state == "group":
                group = (name, []); groups.append(group)
            continue
        if state == "intro":
            if line.strip(): intro.append(line.strip())
        elif state == "usage":
            if line.strip(): usage.append(line.strip())
        elif state == "examples":
            if line.strip(): examples.append(line.strip())
        elif line.strip():
            m = re.match(r"^ {2,6}(-\S.*?)(?: {2,}(\S.*))?$", line)
            if m: group[1].append([m.group(1), m.group(2) or ""])
            else: group[1][-1][1] += " " + line.strip()
    out = [" ".join(intro), "", "```", *usage, "```", ""]
    for name, opts in groups:
        out += [f"*{name}*", "", "| option | meaning |", "| --- | --- |"]
        out += [f"| `{cell(o)}` | {cell(d)} |" for o, d in opts]
        out.append("")
    if examples:
        out += ["```sh", *examples, "```"]
    return "\n".join(out).rstrip() + "\n"

def commands(binary):
    lines = help_text(binary, None).splitlines()
    i = lines.index("Commands:")
    out = ["| command | what it does |", "| --- | --- |"]
    for line in lines[i + 1:]:
        if not line.strip(): break
        name, text = line.strip().split(None, 1)
        out.append(f"| `{name}` | {cell(text)} |")
    return "\n".join(out) + "\n"

if __name__ == "__main__":
    binary, path = sys.argv[1], sys.argv[2]
    doc = open(path).read()
    def fill(m):
        cmd = m.group(1).strip()
        body = commands(binary) if cmd == "commands" else section(binary, cmd)
        return f"<!-- help: {cmd} -->\n{body}<!-- end help -->"
    new = re.sub(r"<!-- help: (\S+) -->\n.*?<!-- end help -->", fill, doc, flags=re.S)
    if "--check" in sys.argv:
        sys.exit(0 if new == doc else "out of date with --help")
    open(path, "w").write(new)
