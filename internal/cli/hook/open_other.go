//go:build !unix

package hook

// noFollow is empty where the system has no such open flags; the open
// descriptor's check still refuses anything but a regular file.
const noFollow = 0
