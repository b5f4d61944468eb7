package main

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestWithGODEBUG(t *testing.T) {
	tests := []struct {
		env  []string
		want []string
	}{
		{nil, []string{"GODEBUG=madvdontneed=0"}},
		{[]string{"HOME=/h", "GODEBUG="}, []string{"HOME=/h", "GODEBUG=madvdontneed=0"}},
		{[]string{"GODEBUG=gctrace=1", "HOME=/h"}, []string{"HOME=/h", "GODEBUG=gctrace=1,madvdontneed=0"}},
		{[]string{"GODEBUG=madvdontneed=1"}, []string{"GODEBUG=madvdontneed=1,madvdontneed=0"}},
	}
	for _, tc := range tests {
		got := withGODEBUG(tc.env, lazyFree)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("withGODEBUG(%q) (-want +got):\n%s", tc.env, diff)
		}
		if !hasGODEBUG(got, lazyFree) {
			t.Errorf("hasGODEBUG(%q) = false", got)
		}
	}
	for _, env := range [][]string{
		{"GODEBUG=madvdontneed=1", "XGODEBUG=madvdontneed=0"},
		{"GODEBUG=madvdontneed=0,gctrace=1,madvdontneed=1"},
		{"GODEBUG=xmadvdontneed=0"},
	} {
		if hasGODEBUG(env, lazyFree) {
			t.Errorf("hasGODEBUG(%q) = true, want false", env)
		}
	}
}
