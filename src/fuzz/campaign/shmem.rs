//! Shared memory that the kernel frees when the last process using it is
//! gone, however that process ended.
//!
//! LibAFL's default provider on Linux hands out System V segments and
//! removes one (`shmctl(IPC_RMID)`) only when the mapping that created it is
//! dropped. A process that ends without that drop leaves its segment behind
//! for good: a client ends its campaign with `exit`, a client past its
//! deadline or a campaign interrupted with `kill -9` runs no destructor;
//! orphans pile up until the system's limit (`shmmni`) fails every LibAFL
//! program on the machine (figures: `docs/measured/fuzz.md`).
//!
//! [`SelfRemovingShMemProvider`] marks each segment for removal as soon as
//! it is created. Linux keeps a marked segment while any process has it
//! attached and still lets a process attach it by id (shmat(2), "Linux
//! notes"): what a restarted client does with the state page and what LLMP
//! peers do with each other's pages, always while the creator holds it.
//!
//! # Invariants
//!
//! - A segment made here has no name left once [`ShMemProvider::new_shmem`]
//!   returns: when its last user ends, by any means, the kernel frees it.
//! - Attaching by id works as with [`UnixShMemProvider`] while some process
//!   holds the segment.

use libafl_bolts::Error;
use libafl_bolts::shmem::{ShMem, ShMemId, ShMemProvider, UnixShMem, UnixShMemProvider};

/// [`UnixShMemProvider`], with every new segment marked for removal at once
/// (see the module docs).
#[derive(Clone, Debug, Default)]
pub struct SelfRemovingShMemProvider {
    inner: UnixShMemProvider,
}

impl ShMemProvider for SelfRemovingShMemProvider {
    type ShMem = UnixShMem;

    fn new() -> Result<Self, Error> {
        Ok(SelfRemovingShMemProvider {
            inner: UnixShMemProvider::new()?,
        })
    }

    fn new_shmem(&mut self, map_size: usize) -> Result<Self::ShMem, Error> {
        let shmem = self.inner.new_shmem(map_size)?;
        let id: i32 = shmem.id().into();
        // SAFETY: `id` names the segment just created and attached; marking
        // it touches no memory of this process. The mapping's own drop will
        // mark it again, which the kernel answers with EINVAL, ignored there.
        let marked = unsafe { libc::shmctl(id, libc::IPC_RMID, std::ptr::null_mut()) };
        if marked != 0 {
            return Err(Error::os_error(
                std::io::Error::last_os_error(),
                format!("cannot mark shared memory segment {id} for removal"),
            ));
        }
        Ok(shmem)
    }

    fn shmem_from_id_and_size(&mut self, id: ShMemId, size: usize) -> Result<Self::ShMem, Error> {
        self.inner.shmem_from_id_and_size(id, size)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The segment's `shm_perm.mode` says whether it is marked for removal
    /// (`SHM_DEST`, 01000 in the kernel's `shm.h`).
    fn marked_for_removal(id: i32) -> bool {
        const SHM_DEST: u16 = 0o1000;
        let mut ds: libc::shmid_ds = unsafe { std::mem::zeroed() };
        // SAFETY: IPC_STAT writes into the struct given.
        let rc = unsafe { libc::shmctl(id, libc::IPC_STAT, &mut ds) };
        assert_eq!(rc, 0, "IPC_STAT {id}: {}", std::io::Error::last_os_error());
        ds.shm_perm.mode & SHM_DEST != 0
    }

    #[test]
    fn new_segments_are_marked_and_still_attach_by_id() {
        let mut provider = SelfRemovingShMemProvider::new().unwrap();
        let mut made = provider.new_shmem(4096).unwrap();
        let id: i32 = made.id().into();
        assert!(marked_for_removal(id), "segment {id} is not marked");
        made[..4].copy_from_slice(b"ok!!");
        // What a restarted client or an LLMP peer does: attach by id.
        let again = provider
            .shmem_from_id_and_size(made.id(), made.len())
            .unwrap();
        assert_eq!(&again[..4], b"ok!!");
        drop(again);
        drop(made);
        // Gone with its last mapping: the id names nothing any more.
        let mut ds: libc::shmid_ds = unsafe { std::mem::zeroed() };
        let rc = unsafe { libc::shmctl(id, libc::IPC_STAT, &mut ds) };
        assert_ne!(rc, 0, "segment {id} outlived its last mapping");
    }

    #[test]
    fn the_plain_provider_leaves_a_segment_when_its_mapping_is_not_dropped() {
        // The leak this provider exists for, shown on the plain provider:
        // a mapping that is never dropped (a process that exits) leaves its
        // segment unmarked.
        let mut plain = UnixShMemProvider::new().unwrap();
        let made = plain.new_shmem(1).unwrap();
        let id: i32 = made.id().into();
        assert!(!marked_for_removal(id));
        std::mem::forget(made);
        // Clean up what the test made.
        unsafe { libc::shmctl(id, libc::IPC_RMID, std::ptr::null_mut()) };
    }
}
