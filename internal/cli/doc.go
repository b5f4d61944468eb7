// Package cli holds what the commands of plainsight share: the streams
// they read and write, their exit statuses, how they parse flags, and how
// they read and name their inputs. Each command lives in a package of its
// own below this one; cmd/plainsight holds the help table and dispatches.
package cli
