//go:build !unix

package api

import "errors"

func diskSpace(string) (uint64, uint64, error) {
	return 0, 0, errors.New("free space is only read on Unix")
}
