package scan

import (
	"testing"

	"github.com/plainsight-dev/plainsight/internal/cli/clitest"
)

// prog is the test binary, which runs Main on its arguments when
// PLAINSIGHT_TEST_AS_SCAN is set, so that tests run scan as a process of
// its own, in the directory they choose, as cmd/plainsight would.
var prog = clitest.Self("scan", "PLAINSIGHT_TEST_AS_SCAN")

func TestMain(m *testing.M) { clitest.RunAsMain(m, prog, Main) }
