//go:build unix

package index

import (
	"os/exec"
	"syscall"
)

// runAs returns what makes a command run under the user uid and group gid.
func runAs(uid, gid int) func(*exec.Cmd) {
	cred := &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
	return func(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred} }
}
