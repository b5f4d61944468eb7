//go:build !unix

package audit

// openFlags: on systems without O_NOFOLLOW and O_NONBLOCK, Open
// relies on its check of the open file alone.
const openFlags = 0
