"""`mjtable diagram`: print the controller's state machine as Mermaid (generated from its declaration)."""

import argparse

from firmware.controller.diagram import render_markdown, render_mermaid


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("diagram", help="print the controller state machine as Mermaid")
    p.add_argument("--markdown", action="store_true",
                   help="wrap it as docs/state-diagram.md (the committed copy)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    print(render_markdown() if args.markdown else render_mermaid(), end="")
    return 0
