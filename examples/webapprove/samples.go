package main

import (
	"bufio"
	_ "embed"
	"fmt"
	"strconv"
	"strings"
)

//go:embed samples.txt
var samplesFile string

// samples returns the commands of samples.txt.
func samples() ([]string, error) {
	var out []string
	sc := bufio.NewScanner(strings.NewReader(samplesFile))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		s, err := strconv.Unquote(line)
		if err != nil {
			return nil, fmt.Errorf("samples.txt:%d: %v", n, err)
		}
		out = append(out, s)
	}
	return out, sc.Err()
}
