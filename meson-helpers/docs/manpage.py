#!/usr/bin/env python3
"""flick(1) from the command-line definitions themselves.

    flick --experimental-dump-help | manpage.py VERSION DATE > flick.1

swift-argument-parser describes every command, argument, option, default
and help text as JSON (`--experimental-dump-help`, the input of its own
generate-manual plugin); this writes that description as one man page in
the man(7) macros: the root command, then a section per subcommand. Nothing
here is written by hand, so the page cannot disagree with `flick --help`.
"""
import json
import sys


def roff(text):
    """Plain text as roff: backslashes and leading dots or quotes escaped,
    paragraphs (blank lines) as .PP."""
    out = []
    for line in (text or "").strip().split("\n"):
        line = line.replace("\\", "\\e").replace("-", "\\-")
        if not line.strip():
            out.append(".PP")
        elif line.startswith((".", "'")):
            out.append("\\&" + line)
        else:
            out.append(line)
    return "\n".join(out)


def dashed(name):
    prefix = {"long": "--", "short": "-", "longWithSingleDash": "-"}[name["kind"]]
    return prefix + name["name"]


def visible(command):
    return [a for a in command.get("arguments") or [] if a.get("shouldDisplay", True)]


def synopsis_word(arg):
    """One argument as the usage line shows it: `[--order <order>]`."""
    if arg["kind"] == "positional":
        word = f"<{arg.get('valueName', 'value')}>"
    else:
        word = dashed(arg["preferredName"])
        if arg["kind"] == "option":
            word += f" <{arg.get('valueName', 'value')}>"
    if arg.get("isRepeating"):
        word += " ..."
    return f"[{word}]" if arg.get("isOptional") else word


def names(arg):
    """The option's names and value in bold and italics: `--order <order>`."""
    if arg["kind"] == "positional":
        return f"\\fI<{arg.get('valueName', 'value')}>\\fR"
    spelled = ", ".join(f"\\fB{roff(dashed(n))}\\fR" for n in arg.get("names") or [])
    if arg["kind"] == "option":
        spelled += f" \\fI<{arg.get('valueName', 'value')}>\\fR"
    return spelled


def describe(arg):
    lines = [roff(arg.get("abstract", ""))]
    if arg.get("discussion"):
        lines += [".IP", roff(arg["discussion"])]
    if arg.get("allValues") and arg["kind"] != "flag":
        lines.append(f"Values: {roff(', '.join(arg['allValues']))}.")
    if arg.get("defaultValue") and arg["kind"] != "flag":
        lines.append(f"Default: {roff(arg['defaultValue'])}.")
    return "\n".join(line for line in lines if line)


def synopsis(command, path):
    return [f'.SY "{roff(" ".join(path))}"'] + [roff(synopsis_word(a)) for a in visible(command)] + [".YS"]


def options(command):
    out = []
    for arg in visible(command):
        out += [".TP", names(arg), describe(arg)]
    return out


def page(tool, version, date):
    root = tool["command"]
    name = root["commandName"]
    subcommands = [c for c in root.get("subcommands") or [] if c.get("shouldDisplay", True)]
    default = next((c for c in subcommands if c["commandName"] == root.get("defaultSubcommand")), None)
    out = [f'.TH {name.upper()} 1 "{date}" "Flick {version}" "User Commands"',
           ".SH NAME", f"{name} \\- {roff(root.get('abstract', '').rstrip('.'))}",
           ".SH SYNOPSIS"]
    if default:
        out += synopsis(default, [name])
    for sub in subcommands:
        out += [f'.SY "{roff(name)} {roff(sub["commandName"])}"', "[\\fIoptions\\fR]", ".YS"]
    out += synopsis(root, [name])
    out += [".SH DESCRIPTION", roff(root.get("abstract", ""))]
    if root.get("discussion"):
        out += [".PP", roff(root["discussion"])]
    if default:
        out += [".PP", f"Without a subcommand, {name} runs \\fB{name} {roff(default['commandName'])}\\fR."]
    out += [".SH OPTIONS"] + options(root)
    out += [".SH COMMANDS"]
    for sub in subcommands:
        out += [f'.SS "{name} {roff(sub["commandName"])}"', roff(sub.get("abstract", ""))]
        out += synopsis(sub, [name, sub["commandName"]])
        if sub.get("discussion"):
            out += [".PP", roff(sub["discussion"])]
        out += options(sub)
    out += [".SH SEE ALSO", f"\\fB{name} help\\fR \\fIsubcommand\\fR and \\fB{name} \\-\\-help\\fR print the same text."]
    return "\n".join(out) + "\n"


def main():
    version, date = sys.argv[1], sys.argv[2]
    sys.stdout.write(page(json.load(sys.stdin), version, date))


if __name__ == "__main__":
    main()
