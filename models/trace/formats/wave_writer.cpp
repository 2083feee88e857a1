#include "trace/formats/wave_writer.h"

#include <stdexcept>

#include "trace/formats/vcd_writer.h"
#ifdef D3_HAVE_FST
#include "trace/formats/fst_writer.h"
#endif

namespace d3 {

wave_format format_of(const std::string& path) {
    const std::string ext = ".fst";
    const bool fst =
        path.size() >= ext.size() && path.compare(path.size() - ext.size(), ext.size(), ext) == 0;
    return fst ? wave_format::fst : wave_format::vcd;
}

bool fst_available() {
#ifdef D3_HAVE_FST
    return true;
#else
    return false;
#endif
}

std::unique_ptr<wave_writer> open_wave(const std::string& path) {
    if (format_of(path) == wave_format::vcd) return std::make_unique<vcd_writer>(path);
#ifdef D3_HAVE_FST
    return std::make_unique<fst_writer>(path);
#else
    throw std::runtime_error(
        "this d3sim was built without FST support (needs zlib and Verilator's "
        "gtkwave/fstapi.h); write a .vcd instead");
#endif
}

}  // namespace d3
