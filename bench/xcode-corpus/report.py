#!/usr/bin/env python3
"""Tables of bench/xcode-corpus/check.sh: reads its results.jsonl, prints Markdown, and writes the
figures into DOC between the `bench/xcode-corpus/check.sh` markers (added at the end the first time).

    report.py RESULTS.jsonl CORPUS DOC
"""
import datetime
import json
import os
import sys

results_path, corpus, doc = sys.argv[1:4]
rows = [json.loads(line) for line in open(results_path) if line.strip()]

KINDS = [
    ("cp_phase", "[CP] phase"),
    ("pods_library_linked", "Pods library linked"),
    ("pods_base_configuration", "Pods base configuration"),
    ("pods_file_reference", "Pods file reference"),
    ("pods_group", "Pods group"),
    ("user_script_with_pods", "user script with PODS_"),
    ("setting_with_pods", "build setting with PODS_"),
]


def leftover_text(leftovers):
    if not leftovers:
        return "nothing"
    return ", ".join(f"{dict(KINDS).get(k, k)} {v['count']}" for k, v in leftovers.items())


def short(project):
    return project[: -len("/project.pbxproj")] if project.endswith("/project.pbxproj") else project


lines = []
out = lines.append
n = len(rows)
rt = [r["roundtrip"] for r in rows]
identical = sum(1 for a in rt if a.get("identical"))
gem = [r["gem_deintegrate"] for r in rows]
gem_left = sum(1 for b in gem if b.get("leftovers"))
versions = {}
for a in rt:
    versions[a.get("object_version", "?")] = versions.get(a.get("object_version", "?"), 0) + 1
apps = len({r["app"] for r in rows})
biggest = max(rt, key=lambda a: a.get("bytes", 0)) if rt else {}
out(f"{n} CocoaPods-integrated projects of {apps} apps; objectVersion "
    + ", ".join(f"{v} ({c})" for v, c in sorted(versions.items(), key=lambda kv: int(kv[0]) if kv[0].isdigit() else 0))
    + f"; up to {max((a.get('targets', 0) for a in rt), default=0)} native targets and "
    f"{max((a.get('bytes', 0) for a in rt), default=0):,} bytes.")
out("")
out(f"- (a) the Xcodeproj gem 1.28.1 re-saves **{identical} of {n}** byte-identically.")
out(f"- (b) cocoapods-deintegrate 1.0.5 leaves something that mentions Pods in **{gem_left} of {n}**: "
    + ", ".join(f"{label} in {sum(1 for b in gem if k in b.get('leftovers', {}))}" for k, label in KINDS
                if any(k in b.get("leftovers", {}) for b in gem)) + ".")
with_c = [r for r in rows if r.get("compose")]
if with_c:
    cs = [r["compose"] for r in with_c]
    ok_cmd = sum(1 for c in cs if c["deintegrate_rc"] == 0 and c["integrate_rc"] == 0)
    opens = sum(1 for c in cs if c["check"].get("opens"))
    clean = sum(1 for c in cs if c["check"].get("opens") and not any(
        k in c["check"].get("leftovers", {}) for k in ("cp_phase", "pods_library_linked", "pods_base_configuration")))
    linked = sum(1 for c in cs if c["check"].get("opens") and c["check"].get("integrated_targets", 0) > 0
                 and c["check"]["linked_targets"] == c["check"]["integrated_targets"])
    untouched = sum(1 for c in cs if c["check"].get("opens") and c["check"].get("unexpected_count", 1) == 0)
    parsed = sum(1 for c in cs if c["parsers"].get("pbxproj") is True and c["parsers"].get("openstep") is True)
    again = sum(1 for c in cs if c["second_run_identical"])
    per_app = {r["app"]: r["compose"] for r in with_c}.values()
    workspaces = sum(c.get("workspaces", 0) for c in per_app)
    pods_workspaces = sum(c.get("workspaces_naming_pods", 0) for c in per_app)
    slowest = max(cs, key=lambda c: c["integrate_ms"])
    out(f"- (c) compose: both commands succeed on **{ok_cmd} of {len(cs)}**; the gem opens **{opens}**; "
        f"no [CP] phase, Pods library or Pods base configuration left in **{clean}**; every integrated "
        f"target has one new product dependency, linked, in **{linked}**; nothing unrelated changed in "
        f"**{untouched}**; `pbxproj` and `openstep-parser` parse **{parsed}**; a second integrate changes "
        f"no byte in **{again}**; workspaces still naming `Pods/Pods.xcodeproj`: **{pods_workspaces} of {workspaces}**; "
        f"slowest `compose integrate` {slowest['integrate_ms']} ms.")
    more = []
    for r in with_c:
        g = set(r["gem_deintegrate"].get("leftovers", {}))
        c = set(r["compose"].get("deintegrated", {}).get("leftovers", {}))
        if g - c:
            more.append(f"{r['app']} {short(r['project'])}: " + ", ".join(dict(KINDS).get(k, k) for k in sorted(g - c)))
    if more:
        out("")
        out(f"Where `compose deintegrate` removes more than cocoapods-deintegrate ({len(more)} projects):")
        out("")
        out("\n".join(f"- {m}" for m in more))
out("")
header = "| app | project | objectVersion | targets | bytes | (a) gem round trip | (b) left by cocoapods-deintegrate |"
sep = "|---|---|---|---|---|---|---|"
if with_c:
    header += " (c) deintegrate / integrate / again | left by `compose deintegrate` | opens, targets linked | unexpected changes | left after `compose integrate` | parsers | 2nd run same |"
    sep += "---|---|---|---|---|---|---|"
out(header)
out(sep)
for r in rows:
    a, b = r["roundtrip"], r["gem_deintegrate"]
    if a.get("identical"):
        rtt = "identical"
    elif "error" in a:
        rtt = "error: " + a["error"][:80]
    else:
        d = a.get("first_difference") or {}
        rtt = f"{a.get('differing_lines')} lines differ (line {d.get('line')}: `{d.get('original', '')[:60]}` → `{d.get('gem', '')[:60]}`)"
    row = (f"| {r['app']} | {short(r['project'])} | {a.get('object_version', '?')} | {a.get('targets', '?')} | "
           f"{a.get('bytes', 0):,} | {rtt} | {leftover_text(b.get('leftovers')) if 'error' not in b else 'error: ' + b['error'][:60]} |")
    c = r.get("compose")
    if c:
        ch = c["check"]
        rc = "" if c["deintegrate_rc"] == 0 and c["integrate_rc"] == 0 and c["again_rc"] == 0 else \
            f" (exit {c['deintegrate_rc']}/{c['integrate_rc']}/{c['again_rc']})"
        if ch.get("opens"):
            op = f"yes, {ch['linked_targets']}/{ch['integrated_targets']}"
            un = str(ch.get("unexpected_count", 0)) + ("" if not ch.get("unexpected") else ": " + "; ".join(ch["unexpected"][:2])[:120])
            left = leftover_text(ch.get("leftovers"))
        else:
            op, un, left = "no: " + ch.get("error", "")[:80], "-", "-"
        ps = "both" if c["parsers"].get("pbxproj") is True and c["parsers"].get("openstep") is True else \
            "; ".join(f"{k}: {v}" for k, v in c["parsers"].items() if v is not True)[:100]
        dl = c.get("deintegrated", {})
        dleft = leftover_text(dl.get("leftovers")) if "error" not in dl else dl["error"][:60]
        row += (f" {c['deintegrate_ms']} / {c['integrate_ms']} / {c['again_ms']} ms{rc} | {dleft} | {op} | {un} | {left} | {ps} | "
                f"{'yes' if c['second_run_identical'] else 'no'} |")
    out(row)

table = "\n".join(lines)
print(table)
if doc:
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    from doc_section import write_section

    day = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    write_section(doc, "bench/xcode-corpus/check.sh", f"Figures ({day})", table)
