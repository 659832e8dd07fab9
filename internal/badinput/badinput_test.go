package badinput_test

import (
	"errors"
	"testing"

	"github.com/reassemble/jigsaw/internal/badinput"
)

func TestCheck(t *testing.T) {
	badinput.Check(t, func() error { return errors.New("cell (2,0) is off the board") }, []string{"cell (2,0)", "off"}, true)
	badinput.Check(t, func() error { return nil }, nil, false)
}
