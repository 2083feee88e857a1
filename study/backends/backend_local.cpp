// --backend local: the jobs as processes on this machine, --jobs at once.
#include <sys/wait.h>

#include <map>

#include "study/backends/backends.h"

namespace d3 {

std::optional<std::string> run_local(backend_run& r) {
    const std::string manifest = r.list.manifest, log = study_dir(r.list) + "/local.log";
    auto argv = [&](std::size_t i) {
        return std::vector<std::string>{r.exe, "job", manifest, std::to_string(i)};
    };
    if (r.opt.dry_run) {
        for (std::size_t i : r.todo) std::printf("%s\n", shell_command(argv(i)).c_str());
        return std::nullopt;
    }
    std::size_t next = 0;
    std::map<pid_t, std::size_t> running;
    while (next < r.todo.size() || !running.empty()) {
        while (next < r.todo.size() && running.size() < r.opt.jobs) {
            const std::size_t i = r.todo[next++];
            const pid_t pid = spawn_logged(argv(i), log);
            if (pid < 0) return "cannot start a process";
            running[pid] = i;
        }
        int status = 0;
        const pid_t pid = wait(&status);
        if (pid < 0) break;
        const auto it = running.find(pid);
        if (it == running.end()) continue;
        r.progress.ended(has_result(r, it->second));
        running.erase(it);
        r.progress.tick();
    }
    return std::nullopt;
}

}  // namespace d3
