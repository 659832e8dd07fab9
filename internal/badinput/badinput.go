// Package badinput holds the check the module's bad-input tables share: a
// call given a caller's mistake must not panic, must return an error that
// names the mistake, and, for an input that claims a huge size, must refuse
// it before allocating anything of that size.
package badinput

import (
	"runtime"
	"strings"
	"testing"
)

// HugeAllowance is what refusing a huge input may allocate: the error
// message and the test's own book-keeping, not a board or a table.
const HugeAllowance = 2 << 20

// Check calls call. With wantIn empty the call must succeed; otherwise
// it must fail with an error holding every fragment of wantIn. A panic
// fails the test, and with huge the call must allocate under
// HugeAllowance bytes.
func Check(t *testing.T, call func() error, wantIn []string, huge bool) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	err := noPanic(t, call)
	runtime.ReadMemStats(&after)
	if huge {
		if grew := after.TotalAlloc - before.TotalAlloc; grew > HugeAllowance {
			t.Errorf("refusing the input allocated %d bytes", grew)
		}
	}
	if len(wantIn) == 0 {
		if err != nil {
			t.Fatal(err)
		}
		return
	}
	if err == nil {
		t.Fatalf("accepted; want an error naming %q", wantIn)
	}
	for _, w := range wantIn {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error %q does not name %q", err, w)
		}
	}
}

// noPanic calls f and turns a panic into a test failure.
func noPanic(t *testing.T, f func() error) (err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("panic: %v", r)
		}
	}()
	return f()
}
