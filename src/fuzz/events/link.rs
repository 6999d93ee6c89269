//! The broker-to-broker link of `fuzz --join`, dialled from outside both
//! LLMP brokers.
//!
//! LibAFL 0.16.1's own way, `connect_b2b` on the joining broker, registers
//! the link under the client id that broker's TCP listener then hands to its
//! first local client as well (the listener keeps a counter of its own). The
//! link thread drops, as its own echo, every message that carries its id, so
//! nothing that client found ever crossed. Here a third party dials both
//! brokers' listeners and greets each as a remote broker would
//! (`RemoteBrokerHello`); after the greeting the broker-to-broker protocol
//! is the same length-prefixed frames (`TcpRemoteNewMessage`) in both
//! directions, so copying bytes both ways joins the two link threads, and
//! each broker believes the other dialled it.
//!
//! # Invariants
//!
//! - Each broker numbers the link through its listener, from the counter
//!   its local clients are numbered from: the link's id is no client's, so
//!   no client's messages are dropped as echoes, on either side.
//! - A message that crossed is sent on by the receiving link thread under
//!   the link's id, which that thread skips when it reads its broker's
//!   outgoing messages: nothing is sent back.
//! - The link ends when either side closes its end (a campaign over): the
//!   copy threads end; neither broker fails.

use std::io;
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::time::Duration;

use libafl_bolts::llmp::{TcpRequest, TcpResponse, recv_tcp_msg, send_tcp_msg};

/// How long a broker may take to accept and greet the link.
const PATIENCE: Duration = Duration::from_secs(10);

/// Joins the brokers listening at `local` and `remote`: greets both, then
/// copies their frames both ways on two threads, until one side closes.
pub fn join(local: SocketAddr, remote: SocketAddr) -> io::Result<()> {
    let far = greet(remote)?;
    let near = greet(local)?;
    pipe(far.try_clone()?, near.try_clone()?);
    pipe(near, far);
    Ok(())
}

/// Dials the broker at `addr` and says what a remote broker says: the
/// stream is the broker's link thread's from then on.
fn greet(addr: SocketAddr) -> io::Result<TcpStream> {
    let fail = |what: String| io::Error::other(format!("broker at {addr}: {what}"));
    let llmp = |e: libafl_bolts::Error| fail(e.to_string());
    let mut stream = TcpStream::connect_timeout(&addr, PATIENCE)?;
    stream.set_read_timeout(Some(PATIENCE))?;
    match TcpResponse::try_from(recv_tcp_msg(&mut stream).map_err(llmp)?).map_err(llmp)? {
        TcpResponse::BrokerConnectHello { .. } => {}
        other => return Err(fail(format!("greeted with {other:?}"))),
    }
    let hostname = format!("equifuzz-link-{}", std::process::id());
    send_tcp_msg(&mut stream, &TcpRequest::RemoteBrokerHello { hostname }).map_err(llmp)?;
    match TcpResponse::try_from(recv_tcp_msg(&mut stream).map_err(llmp)?).map_err(llmp)? {
        TcpResponse::RemoteBrokerAccepted { .. } => {}
        other => return Err(fail(format!("answered {other:?}"))),
    }
    stream.set_read_timeout(None)?;
    stream.set_nodelay(true)?;
    Ok(stream)
}

/// Copies `from` to `to` on a thread of its own; at the end of `from`,
/// closes `to` for writing, so the other broker's link thread sees the end.
fn pipe(mut from: TcpStream, mut to: TcpStream) {
    std::thread::spawn(move || {
        let _ = io::copy(&mut from, &mut to);
        let _ = to.shutdown(Shutdown::Write);
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::TcpListener;
    use std::sync::mpsc::{Receiver, channel};

    /// A listener that greets and accepts a remote broker as an LLMP
    /// broker's listener does, then sends one frame (`tag`) and hands on
    /// the first frame it receives.
    fn fake_broker(tag: u8) -> (SocketAddr, Receiver<Vec<u8>>) {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let (mut s, _) = listener.accept().unwrap();
            // The link does not map the broker's page: any description does.
            let page = libafl_bolts::shmem::ShMemDescription {
                size: 0,
                id: libafl_bolts::shmem::ShMemId::from_string("0"),
            };
            send_tcp_msg(
                &mut s,
                &TcpResponse::BrokerConnectHello {
                    broker_shmem_description: page,
                    hostname: "fake".into(),
                },
            )
            .unwrap();
            match TcpRequest::try_from(recv_tcp_msg(&mut s).unwrap()).unwrap() {
                TcpRequest::RemoteBrokerHello { .. } => {}
                other => panic!("greeted with {other:?}"),
            }
            let accepted = TcpResponse::RemoteBrokerAccepted {
                broker_id: libafl_bolts::llmp::BrokerId(7),
            };
            send_tcp_msg(&mut s, &accepted).unwrap();
            send_tcp_msg(&mut s, &vec![tag; 3]).unwrap();
            tx.send(recv_tcp_msg(&mut s).unwrap()).unwrap();
        });
        (addr, rx)
    }

    #[test]
    fn after_greeting_both_brokers_the_link_carries_frames_both_ways() {
        let ((a, from_b), (b, from_a)) = (fake_broker(1), fake_broker(2));
        join(a, b).unwrap();
        let patience = Duration::from_secs(10);
        // Each frame is postcard of a Vec<u8>: its length, then the bytes.
        assert_eq!(from_b.recv_timeout(patience).unwrap(), vec![3, 2, 2, 2]);
        assert_eq!(from_a.recv_timeout(patience).unwrap(), vec![3, 1, 1, 1]);
    }

    #[test]
    fn a_port_where_no_broker_listens_is_an_error_not_a_wait() {
        let closed = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap();
        let (live, _) = fake_broker(1);
        assert!(join(live, closed).is_err());
    }
}
