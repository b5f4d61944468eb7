package main

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// nodeBridge is a running node process that times strip-ansi on files the
// harness writes, so that Node runs on the same bytes, in the same rounds.
type nodeBridge struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
	dir string // where the inputs are written for node to read
}

// startNode starts node/strip.mjs from dir (the bench directory).
func startNode(dir string) (*nodeBridge, error) {
	if _, err := os.Stat(filepath.Join(dir, "node", "node_modules", "strip-ansi")); err != nil {
		return nil, fmt.Errorf("strip-ansi is not installed under %s/node (bench/run installs it): %w", dir, err)
	}
	cmd := exec.Command("node", filepath.Join(dir, "node", "strip.mjs"))
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "plainsight-bench-")
	if err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(out)
	sc.Buffer(nil, 256*mib)
	return &nodeBridge{cmd: cmd, in: in, out: sc, dir: tmp}, nil
}

func (n *nodeBridge) call(req, res any) error {
	b, err := json.Marshal(req)
	if err != nil {
		return err
	}
	if _, err := n.in.Write(append(b, '\n')); err != nil {
		return err
	}
	if !n.out.Scan() {
		if err := n.out.Err(); err != nil {
			return err
		}
		return io.ErrUnexpectedEOF
	}
	return json.Unmarshal(n.out.Bytes(), res)
}

// file writes in to the bridge's directory once and returns its path.
func (n *nodeBridge) file(in *input) (string, error) {
	path := filepath.Join(n.dir, in.name)
	if _, err := os.Stat(path); err == nil {
		return path, nil
	}
	return path, os.WriteFile(path, in.b, 0o600)
}

// time returns strip-ansi's time per call on in, in mode "string" or
// "bytes", timed by node over at least minDur.
func (n *nodeBridge) time(in *input, mode string, minDur time.Duration) (time.Duration, error) {
	path, err := n.file(in)
	if err != nil {
		return 0, err
	}
	var res struct {
		NS    float64 `json:"ns"`
		Error string  `json:"error"`
	}
	if err := n.call(map[string]any{"op": "time", "file": path, "mode": mode, "minMs": max(1, minDur.Milliseconds())}, &res); err != nil {
		return 0, err
	}
	if res.Error != "" {
		return 0, fmt.Errorf("node: %s", res.Error)
	}
	return time.Duration(res.NS), nil
}

// forget drops the inputs node has cached, to bound its memory.
func (n *nodeBridge) forget() error {
	var res struct{}
	return n.call(map[string]any{"op": "forget"}, &res)
}

// strip returns strip-ansi's output for s, decoded from UTF-8 and encoded
// back as a caller holding bytes does.
func (n *nodeBridge) strip(s string) (string, error) {
	var res struct {
		Output string `json:"output"`
	}
	if err := n.call(map[string]any{"op": "strip", "input": base64.StdEncoding.EncodeToString([]byte(s))}, &res); err != nil {
		return "", err
	}
	out, err := base64.StdEncoding.DecodeString(res.Output)
	return string(out), err
}

// close stops node and removes the files written for it.
func (n *nodeBridge) close() {
	n.in.Close()
	n.cmd.Wait()
	os.RemoveAll(n.dir)
}
