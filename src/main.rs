//! The equifuzz command line.

fn main() {
    println!("equifuzz: nothing here yet");
}
