//go:build !unix

package approve

// auditOpenFlags: on systems without O_NOFOLLOW and O_NONBLOCK, OpenAudit
// relies on its check of the open file alone.
const auditOpenFlags = 0
