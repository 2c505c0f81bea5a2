// future_bot.cpp - an honest C++ bot that keeps time with std::future, whose
// waits are shared futex waits in libstdc++: under the sandbox's futex rule
// (docs/sandbox.md, layer 1) they spin instead of sleeping, and must still
// keep their time. At its handshake it starts a task that marks a step
// after 50 ms and ends after 1200 ms, waits 400 ms for it and says how the
// wait ended and at which step the task was ("future wait_for timeout at
// step 1"; "ready" if the wait returned late, "step 0" if it returned
// early), then takes its value ("future get 42"); then it plays the first
// legal move. Built by tests/sh/t_attack_channels.sh.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <future>
#include <iostream>
#include <string>
#include <thread>

int main()
{
	using namespace std::chrono;
	std::string line;
	bool first = true;

	while (std::getline(std::cin, line)) {
		if (line.rfind("legal ", 0) != 0)
			continue;
		if (first) {
			first = false;
			static std::atomic<int> step{0};
			auto task = std::async(std::launch::async, [] {
				std::this_thread::sleep_for(milliseconds(50));
				step = 1;
				std::this_thread::sleep_for(milliseconds(1150));
				return 42;
			});
			auto status = task.wait_for(milliseconds(400));
			std::fprintf(stderr, "future wait_for %s at step %d\n",
				     status == std::future_status::timeout ? "timeout" : "ready",
				     step.load());
			std::fprintf(stderr, "future get %d\n", task.get());
		}
		std::string move = line.substr(6);
		std::cout << move.substr(0, move.find(',')) << std::endl;
	}
	return 0;
}
