#!/usr/bin/env python3
"""A delaying HTTP/1.1 proxy on 127.0.0.1 for benchmarks: what a server 20-100 ms away costs.

Usage: bench/latency-proxy.py UPSTREAM_PORT DELAY_MS LOG

Listens on a free port of 127.0.0.1 and prints it. Each new connection waits DELAY_MS before its
first byte is read (the connection's round trip), and each request waits DELAY_MS before it goes to
the server on 127.0.0.1:UPSTREAM_PORT (the request's round trip); the answer is passed back as it
comes. Connections are kept alive both ways (one connection to the server per client connection).
TCP_NODELAY is set on every socket, so that Nagle's algorithm and delayed ACKs add nothing.

Every request is appended to LOG as `START END STATUS PATH` (seconds, monotonic clock): the number
of requests, and how many were in flight at once, are read from it (`--stats LOG`).
Stops on SIGTERM or SIGINT.
"""
import asyncio
import os
import signal
import socket
import sys


def nodelay(writer):
    sock = writer.get_extra_info("socket")
    if sock is not None:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


async def read_head(reader):
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            key, value = line.split(":", 1)
            headers[key.strip().lower()] = value.strip()
    return head, lines[0], headers


async def relay_body(reader, writer, headers, status, method):
    if method == "HEAD" or status in (204, 304) or 100 <= status < 200:
        return
    if headers.get("transfer-encoding", "").lower() == "chunked":
        while True:
            line = await reader.readuntil(b"\r\n")
            writer.write(line)
            size = int(line.split(b";")[0].strip(), 16)
            data = await reader.readexactly(size + 2)
            writer.write(data)
            if size == 0:
                return
    length = int(headers.get("content-length", "0"))
    while length > 0:
        data = await reader.read(min(length, 1 << 16))
        if not data:
            raise ConnectionError("upstream closed")
        writer.write(data)
        length -= len(data)


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--stats":
        return stats(sys.argv[2])
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    upstream_port, delay, log_path = int(sys.argv[1]), int(sys.argv[2]) / 1000, sys.argv[3]
    # A parent may have blocked these for its own threads, and a child inherits the mask.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    log = open(log_path, "a", buffering=1)

    async def serve(client_reader, client_writer):
        nodelay(client_writer)
        clock = asyncio.get_running_loop().time
        await asyncio.sleep(delay)
        upstream_reader = upstream_writer = None
        try:
            while True:
                try:
                    head, request_line, _ = await read_head(client_reader)
                except (asyncio.IncompleteReadError, ConnectionError):
                    return
                start = clock()
                await asyncio.sleep(delay)
                if upstream_writer is None:
                    upstream_reader, upstream_writer = await asyncio.open_connection("127.0.0.1", upstream_port)
                    nodelay(upstream_writer)
                upstream_writer.write(head)
                await upstream_writer.drain()
                answer, status_line, headers = await read_head(upstream_reader)
                status = int(status_line.split()[1])
                client_writer.write(answer)
                method = request_line.split()[0]
                await relay_body(upstream_reader, client_writer, headers, status, method)
                await client_writer.drain()
                path = request_line.split()[1] if len(request_line.split()) > 1 else "?"
                log.write(f"{start:.6f} {clock():.6f} {status} {path}\n")
                if headers.get("connection", "").lower() == "close":
                    return
        except (ConnectionError, asyncio.IncompleteReadError):
            return
        finally:
            client_writer.close()
            if upstream_writer is not None:
                upstream_writer.close()

    async def run():
        server = await asyncio.start_server(serve, "127.0.0.1", 0, backlog=512)
        print(server.sockets[0].getsockname()[1], flush=True)
        stop = asyncio.Event()
        for sig in (signal.SIGTERM, signal.SIGINT):
            asyncio.get_running_loop().add_signal_handler(sig, stop.set)
        await stop.wait()
        # Open connections are not waited for: the log is written line by line already.
        log.close()
        os._exit(0)

    asyncio.run(run())


def stats(log_path):
    """Prints `REQUESTS MAX_IN_FLIGHT SERIAL` of the requests in LOG: SERIAL is the longest chain of
    requests each sent after the one before it was answered, the round trips that ran one after
    another (the time taken is at least SERIAL round trips)."""
    requests = []
    with open(log_path) as log:
        for line in log:
            parts = line.split()
            if len(parts) >= 2:
                requests.append((float(parts[0]), float(parts[1])))
    # Ends before starts at one instant: a request sent as another's answer came is after it.
    events = sorted([(end, 0, n) for n, (_, end) in enumerate(requests)]
                    + [(start, 1, n) for n, (start, _) in enumerate(requests)])
    current = peak = 0
    # The chain ending at a request is one more than the longest among those answered before it was
    # sent: a running maximum over the ends passed.
    longest = 0
    chain = {}
    for _, kind, n in events:
        if kind == 1:
            current += 1
            peak = max(peak, current)
            chain[n] = longest + 1
        else:
            current -= 1
            longest = max(longest, chain[n])
    print(len(requests), peak, longest)

main()
