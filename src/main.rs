//! The `fieldsales` binary: parses the command line and hands over to `cli`.

fn main() -> std::process::ExitCode {
    fieldsales::platform::memory::keep_big_blocks_out_of_the_heap();
    fieldsales::platform::files::private_by_default();
    fieldsales::app::cli::main()
}
