#!/usr/bin/perl
# perl-random: a bot in Perl that answers every request with its first
# legal move; tests/sh/t_sealed.sh checks that a Perl bot runs in the
# sealed view (perl's modules come from /usr/share and /usr/lib).
use strict;
use warnings;
use IO::Handle;

STDOUT->autoflush(1);
while (my $line = <STDIN>) {
	$line =~ s/\r?\n$//;
	last if $line eq 'quit';
	next unless $line =~ /^legal (.*)$/;
	my @moves = split /,/, $1;
	print $moves[0] eq 'ready' ? "ready perl-random\n" : "$moves[0]\n";
}
