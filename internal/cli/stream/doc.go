// Package stream holds the commands over plainsight's streaming layers:
// term filters model and tool output for a terminal (package term); clean,
// run and dump are the agent boundary (package transcript).
package stream
