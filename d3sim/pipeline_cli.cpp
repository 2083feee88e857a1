#include "d3sim/pipeline_cli.h"

namespace d3 {

void add_pipeline_options(CLI::App& app, pipeline_cli& p) {
    const char* const what[] = {
        "cycles of the route unit (--pipeline route:N)",
        "cycles of the VC allocation unit, a design-space router's (--pipeline vc-allocate:N)",
        "cycles of the switch allocation unit (--pipeline allocate:N)",
        "cycles of the switch traversal unit (--pipeline traverse:N)"};
    for (std::size_t i = 0; i < std::size(kDelayOptions); ++i)
        app.add_option(kDelayOptions[i], p.delays[i], what[i])->check(CLI::Range(0, 1000));
    app.add_option("--pipeline", p.units,
                   "router units with cycles of their own, in order: route,allocate,traverse "
                   "(unit:N for N cycles; none: the paper's one hop per step)")
        ->capture_default_str();
    // No default string: only what was given is recorded (as --pipeline, see below).
    app.add_option("--pipeline-stages", p.stages,
                   "router cycles per hop, N: the same as --pipeline traverse:N-1 (default 1)");
}

std::optional<std::string> apply_pipeline_options(CLI::App& app, const pipeline_cli& p,
                                                  router_params& r) {
    CLI::Option* units = app.get_option("--pipeline");
    if (app.count("--pipeline-stages") != 0) {
        if (units->count() != 0)
            return std::string("give either --pipeline or --pipeline-stages, not both");
        r.pipeline = pipeline_of_stages(p.stages);
        units->add_result(to_string(r.pipeline));
        app.get_option("--pipeline-stages")->clear();
        return std::nullopt;
    }
    std::string error;
    auto spec = parse_pipeline(p.units, error);
    if (!spec) return "--pipeline: " + error;
    bool delays = false;
    for (std::size_t i = 0; i < std::size(kDelayOptions); ++i) {
        if (app.count(kDelayOptions[i]) == 0) continue;
        spec->cycles(kPipelineUnits[i]) = p.delays[i];
        app.get_option(kDelayOptions[i])->clear();
        delays = true;
    }
    if (delays) {
        if (!parse_pipeline(to_string(*spec), error)) return "--pipeline: " + error;
        units->clear();
        units->add_result(to_string(*spec));
    }
    r.pipeline = *spec;
    // Recorded in its one form (units in order, "unit:N" without signs or spaces), as for
    // --pipeline-stages: "traverse,route:+2" is "route:2,traverse" in a result's config.
    if (units->count() != 0 && to_string(*spec) != p.units) {
        units->clear();
        units->add_result(to_string(*spec));
    }
    return std::nullopt;
}

}  // namespace d3
