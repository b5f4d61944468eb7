package approve

import (
	"testing"

	"github.com/plainsight-dev/plainsight/internal/cli/clitest"
)

// prog is the test binary, which runs Main on its arguments when
// PLAINSIGHT_TEST_AS_APPROVE is set, so that tests run approve as a
// process of its own, in the directory and session they choose, as
// cmd/plainsight would.
var prog = clitest.Self("approve", "PLAINSIGHT_TEST_AS_APPROVE")

func TestMain(m *testing.M) { clitest.RunAsMain(m, prog, Main) }
