// strip.mjs times Node's strip-ansi in-process for the Go harness. It reads
// one JSON request per line on stdin and answers one JSON line on stdout:
//
//	{"op":"time","file":F,"mode":"string"|"bytes","minMs":N} -> {"ns":…,"calls":…,"out":…}
//	{"op":"strip","input":B64} -> {"output":B64}
//
// In "string" mode the file is decoded once, outside the timing, and only
// stripAnsi is timed; in "bytes" mode each call decodes the bytes as UTF-8,
// strips and encodes the result, as a caller holding bytes must.
import {readFileSync} from 'node:fs';
import {createInterface} from 'node:readline';
import stripAnsi from 'strip-ansi';

const files = new Map();
function load(file) {
	let f = files.get(file);
	if (!f) {
		const buf = readFileSync(file);
		f = {buf, str: buf.toString('utf8')};
		files.set(file, f);
	}
	return f;
}

function once(f, mode) {
	if (mode === 'string') {
		return stripAnsi(f.str).length;
	}
	return Buffer.from(stripAnsi(f.buf.toString('utf8')), 'utf8').length;
}

function time(req) {
	const f = load(req.file);
	let out = once(f, req.mode); // warm up
	const limit = BigInt(req.minMs) * 1000000n;
	const start = process.hrtime.bigint();
	let calls = 0, elapsed = 0n;
	do {
		out = once(f, req.mode);
		calls++;
		elapsed = process.hrtime.bigint() - start;
	} while (elapsed < limit);
	return {ns: Number(elapsed) / calls, calls, out};
}

const rl = createInterface({input: process.stdin, crlfDelay: Infinity});
for await (const line of rl) {
	const req = JSON.parse(line);
	let res;
	if (req.op === 'time') {
		res = time(req);
	} else if (req.op === 'strip') {
		const s = Buffer.from(req.input, 'base64').toString('utf8');
		res = {output: Buffer.from(stripAnsi(s), 'utf8').toString('base64')};
	} else if (req.op === 'forget') {
		files.clear();
		res = {};
	} else {
		res = {error: 'unknown op ' + req.op};
	}
	process.stdout.write(JSON.stringify(res) + '\n');
}
