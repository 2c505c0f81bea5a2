/*
 * test_cgroup.c - finding the referee's own cgroup from the texts of
 * /proc/self/mountinfo and /proc/self/cgroup (sandbox_cgroup_find()), for
 * cgroup v1 (a hierarchy per controller, as on Debian 12 in hybrid mode),
 * cgroup v2, a hierarchy mounted below its root (a container), and mount
 * points with escaped spaces. Making and removing real groups is tested
 * in tests/sh/t_cgroup.sh.
 */
#include "sandbox_impl.h"
#include "testhelp.h"

/* Read off this project's test machine (Debian 12, cgroup v1 hybrid), shortened. */
static const char hybrid_mountinfo[] =
	"23 1 0:21 / / rw,relatime - ext4 /dev/vda rw\n"
	"31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755\n"
	"32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu\n"
	"33 31 0:30 / /sys/fs/cgroup/cpuacct rw,relatime - cgroup cgroup rw,cpuacct\n"
	"35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n"
	"39 31 0:36 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids\n"
	"40 31 0:37 / /sys/fs/cgroup/systemd rw,relatime - cgroup cgroup rw,name=systemd\n"
	"41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n";
static const char hybrid_cgroup[] =
	"9:name=systemd:/\n"
	"8:pids:/\n"
	"4:memory:/process_api/51a1\n"
	"2:cpuacct:/\n"
	"1:cpu:/\n"
	"0::/\n";

static void test_v1_hybrid(void)
{
	char dir[256];

	CHECK_INT(sandbox_cgroup_find(hybrid_mountinfo, hybrid_cgroup, "memory", dir, sizeof(dir)), 0);
	CHECK_STR(dir, "/sys/fs/cgroup/memory/process_api/51a1");
	CHECK_INT(sandbox_cgroup_find(hybrid_mountinfo, hybrid_cgroup, "pids", dir, sizeof(dir)), 0);
	CHECK_STR(dir, "/sys/fs/cgroup/pids");
	CHECK_INT(sandbox_cgroup_find(hybrid_mountinfo, hybrid_cgroup, "cpuacct", dir, sizeof(dir)), 0);
	CHECK_STR(dir, "/sys/fs/cgroup/cpuacct");
	/* "cpu" is its own hierarchy here: not the "cpuacct" one, a word is a word */
	CHECK_INT(sandbox_cgroup_find(hybrid_mountinfo, hybrid_cgroup, "cpu", dir, sizeof(dir)), 0);
	CHECK_STR(dir, "/sys/fs/cgroup/cpu");
	/* the v2 hierarchy of a hybrid machine */
	CHECK_INT(sandbox_cgroup_find(hybrid_mountinfo, hybrid_cgroup, NULL, dir, sizeof(dir)), 0);
	CHECK_STR(dir, "/sys/fs/cgroup/unified");
	/* a controller nobody mounted */
	CHECK_INT(sandbox_cgroup_find(hybrid_mountinfo, hybrid_cgroup, "hugetlb", dir, sizeof(dir)), -1);
}

/* Debian's older layout: cpu and cpuacct in one hierarchy, mounted as "cpu,cpuacct". */
static void test_v1_joined_controllers(void)
{
	static const char mi[] =
		"30 25 0:26 / /sys/fs/cgroup/cpu,cpuacct rw - cgroup cgroup rw,cpu,cpuacct\n";
	static const char self[] = "3:cpu,cpuacct:/user.slice\n";
	char dir[256];

	CHECK_INT(sandbox_cgroup_find(mi, self, "cpuacct", dir, sizeof(dir)), 0);
	CHECK_STR(dir, "/sys/fs/cgroup/cpu,cpuacct/user.slice");
}

/* A pure v2 machine, with optional tags before the " - " separator. */
static void test_v2(void)
{
	static const char mi[] =
		"22 1 8:1 / / rw shared:1 - ext4 /dev/sda1 rw\n"
		"26 22 0:23 / /sys/fs/cgroup rw,nosuid shared:9 - cgroup2 cgroup2 rw,nsdelegate\n";
	static const char self[] = "0::/user.slice/user-1000.slice/session-2.scope\n";
	char dir[256];

	CHECK_INT(sandbox_cgroup_find(mi, self, NULL, dir, sizeof(dir)), 0);
	CHECK_STR(dir, "/sys/fs/cgroup/user.slice/user-1000.slice/session-2.scope");
	CHECK_INT(sandbox_cgroup_find(mi, self, "memory", dir, sizeof(dir)), -1);
}

/*
 * A container: the hierarchy is mounted from /docker/abc down, and our
 * cgroup is below that; a cgroup outside the mount cannot be reached.
 */
static void test_mount_below_root(void)
{
	static const char mi[] =
		"40 30 0:33 /docker/abc /sys/fs/cgroup/memory ro - cgroup cgroup rw,memory\n";
	char dir[256];

	CHECK_INT(sandbox_cgroup_find(mi, "5:memory:/docker/abc/bots\n", "memory", dir,
				      sizeof(dir)), 0);
	CHECK_STR(dir, "/sys/fs/cgroup/memory/bots");
	CHECK_INT(sandbox_cgroup_find(mi, "5:memory:/docker/abc\n", "memory", dir, sizeof(dir)), 0);
	CHECK_STR(dir, "/sys/fs/cgroup/memory");
	CHECK_INT(sandbox_cgroup_find(mi, "5:memory:/docker/abcd\n", "memory", dir, sizeof(dir)),
		  -1);
	CHECK_INT(sandbox_cgroup_find(mi, "5:memory:/other\n", "memory", dir, sizeof(dir)), -1);
}

/* A mount point with a space (mountinfo writes it as \040). */
static void test_escaped_mount_point(void)
{
	static const char mi[] =
		"40 30 0:33 / /mnt/cg\\040v2 rw - cgroup2 cgroup2 rw\n";
	char dir[256];

	CHECK_INT(sandbox_cgroup_find(mi, "0::/a\n", NULL, dir, sizeof(dir)), 0);
	CHECK_STR(dir, "/mnt/cg v2/a");
}

/* Too small a buffer is an error, never a cut path. */
static void test_no_room(void)
{
	char dir[20];

	CHECK_INT(sandbox_cgroup_find(hybrid_mountinfo, hybrid_cgroup, "memory", dir, sizeof(dir)),
		  -1);
}

int main(void)
{
	RUN(test_v1_hybrid);
	RUN(test_v1_joined_controllers);
	RUN(test_v2);
	RUN(test_mount_below_root);
	RUN(test_escaped_mount_point);
	RUN(test_no_room);
	return TEST_REPORT();
}
