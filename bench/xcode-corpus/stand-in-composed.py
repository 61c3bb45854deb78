#!/usr/bin/env python3
"""Writes DIR/Composed/Package.swift standing in for the Composed/ that `compose install` writes from
the pods: `compose integrate` links Composed and reads from its manifest only which library products
it offers (one named like each Podfile target), so the stand-in offers one per native target of every
Xcode project below DIR (Pods/ and node_modules/ aside). An existing manifest is left alone.

    stand-in-composed.py DIR
"""
import json
import os
import sys

from openstep_parser import OpenStepDecoder

folder = sys.argv[1]
manifest = os.path.join(folder, "Composed", "Package.swift")
if os.path.exists(manifest):
    sys.exit(0)
names = set()
for root, dirs, files in os.walk(folder):
    dirs[:] = [d for d in dirs if d not in ("Pods", "node_modules", "Composed")]
    if root.endswith(".xcodeproj") and "project.pbxproj" in files:
        with open(os.path.join(root, "project.pbxproj"), encoding="utf-8") as f:
            objects = OpenStepDecoder.ParseFromString(f.read())["objects"]
        names.update(o["name"] for o in objects.values() if o.get("isa") == "PBXNativeTarget" and "name" in o)
os.makedirs(os.path.dirname(manifest), exist_ok=True)
with open(manifest, "w") as f:
    f.write("// swift-tools-version:5.9\n")
    f.write("// Stands in for the Composed/ that compose install writes: a library product per Xcode target.\n")
    f.write("import PackageDescription\n\nlet package = Package(\n    name: \"Composed\",\n    products: [\n")
    for name in sorted(names):
        f.write(f"        .library(name: {json.dumps(name)}, targets: [{json.dumps(name)}]),\n")
    f.write("    ],\n    targets: []\n)\n")
