#!/usr/bin/env python3
"""Serves a directory on 127.0.0.1 under a URL prefix, for SprayLab's browser tests.

Mounting dist/ under a prefix (e.g. /spraylab/) checks that the site works from a sub-path.
Every response allows cross-origin use (Access-Control-Allow-Origin and
Cross-Origin-Resource-Policy), so the wasm-bindgen-test page, served from another port, can
start the real worker. Prints the chosen port on its first line.

Usage: serve.py DIR PREFIX [PORT]   (PORT 0 or absent: any free port)
"""
import functools
import http.server
import os
import sys


def main():
    root, prefix = os.path.abspath(sys.argv[1]), "/" + sys.argv[2].strip("/") + "/"
    port = int(sys.argv[3]) if len(sys.argv) > 3 else 0

    class Handler(http.server.SimpleHTTPRequestHandler):
        extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                          ".js": "text/javascript"}

        def translate_path(self, path):
            path = path.split("?", 1)[0].split("#", 1)[0]
            if not path.startswith(prefix):
                return os.path.join(root, "__outside_the_prefix__")
            return http.server.SimpleHTTPRequestHandler.translate_path(self, "/" + path[len(prefix):])

        def end_headers(self):
            self.send_header("Access-Control-Allow-Origin", "*")
            self.send_header("Cross-Origin-Resource-Policy", "cross-origin")
            self.send_header("Cache-Control", "no-store")
            super().end_headers()

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(Handler, directory=root))
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
