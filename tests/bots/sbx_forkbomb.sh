#!/bin/sh
# sbx_forkbomb.sh - a shell fork bomb for the sandbox tests: every call
# starts two more and, whenever they end, starts them again, forever.
bomb() { while :; do bomb | bomb & wait; done; }
echo started
bomb
