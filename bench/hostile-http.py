#!/usr/bin/env python3
"""A hostile CDN spec source on 127.0.0.1, one attack per path prefix, for bench/hostile-http.sh.

GET /<attack>/CocoaPods-version.yml answers the protocol; every other file of that source is the
attack: an endless chunked body, a 512 MiB Content-Length, a gzip bomb (1 GiB of zeros, about 1 MiB
compressed), 64 KiB of gzipped newlines decoding to 2 GiB... , a body trickled a byte a second, or a
connection held open without an answer. Usage: hostile-http.py PORT (runs until killed).
"""
import gzip
import http.server
import io
import socketserver
import sys
import time

VERSION_FILE = b"---\nprefix_lengths: [1, 1, 1]\n"


def bomb(size_mib):
    out = io.BytesIO()
    with gzip.GzipFile(fileobj=out, mode="wb", compresslevel=9) as stream:
        chunk = b"\0" * (1 << 20)
        for _ in range(size_mib):
            stream.write(chunk)
    return out.getvalue()


BOMB = bomb(1024)


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        attack, _, rest = self.path.lstrip("/").partition("/")
        if rest == "CocoaPods-version.yml":
            self.send_response(200)
            self.send_header("Content-Length", str(len(VERSION_FILE)))
            self.end_headers()
            self.wfile.write(VERSION_FILE)
            return
        try:
            getattr(self, "attack_" + attack)()
        except (BrokenPipeError, ConnectionResetError):
            pass

    def attack_endless(self):
        self.send_response(200)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        chunk = b"10000\r\n" + b"a" * 65536 + b"\r\n"
        while True:
            self.wfile.write(chunk)

    def attack_huge(self):
        self.send_response(200)
        self.send_header("Content-Length", str(512 << 20))
        self.end_headers()
        chunk = b"Pay/1.0.0\n" * 6554
        for _ in range(8192):
            self.wfile.write(chunk)

    def attack_bomb(self):
        self.send_response(200)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(BOMB)))
        self.end_headers()
        self.wfile.write(BOMB)

    def attack_slowloris(self):
        self.send_response(200)
        self.send_header("Content-Length", "100000")
        self.end_headers()
        for _ in range(100000):
            self.wfile.write(b"x")
            self.wfile.flush()
            time.sleep(1)

    def attack_stall(self):
        time.sleep(3600)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


if __name__ == "__main__":
    Server(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
