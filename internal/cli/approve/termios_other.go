//go:build !(linux || darwin || dragonfly || freebsd || netbsd || openbsd)

package approve

import (
	"errors"
	"os"
)

type termState struct{}

// keyMode fails where approve cannot set terminal modes: without them it
// could neither discard typed-ahead input nor tell key presses from a
// paste, so it does not ask.
func keyMode(*os.File) (*termState, error) {
	return nil, errors.New("approve cannot control a terminal on this system")
}

func (*termState) restore() error { return nil }

func (*termState) reinstate() error { return nil }

func (*termState) discard() error { return nil }
